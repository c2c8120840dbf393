// One database session serves every API request (decision 0025): PostgREST's single connection and the Node
// server's auth queries take turns on PGlite's one session. If a request's `set local role` or
// `request.jwt.claims` ever leaked into another's statements, a request would act as someone else. Here the
// whole permission matrix runs while 50 clients of different roles and identities hammer the same server
// with requests whose answer shows who the database thought they were; every answer is checked.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { definePermissionMatrix } from './permission-matrix.ts'
import { account, client, unique, type Account, type Target } from './target.ts'

const CLIENTS = 50

interface Hammer {
  kind: 'anon' | 'user' | 'staff'
  id: string | null
  client: SupabaseClient<Database>
}

// A server of its own: the hammer's writes (thousands of menu items) would reach the other files of a shared one.
// Requests may wait for the one database connection longer than production's 10 s: on a busy machine a request
// queued behind 50 hammering clients does, and its 504 would say the machine is slow, not that a role leaked.
// The matrix's cells run side by side (up to vitest.config.ts's maxConcurrency): one after another, every request
// of every cell waited its turn behind the 50 clients' (the file took 215 s alone, 308 s in the whole run). A cell
// then waits behind the other cells' requests too, hence the test timeout as long as the pool's.
const target = definePermissionMatrix({ postgrest: { extraConfig: { 'db-pool-acquisition-timeout': 120 } } }, { concurrent: true, timeout: 120_000 })
let hammers: Hammer[] = []
let draftId = ''
let running = true
let loops: Promise<void>[] = []
const violations: string[] = []
let answered = 0

beforeAll(async () => {
  const server: Target = target()
  // Five accounts of each signed-in kind, so a leak between two users of the same role shows too. One at a
  // time: the server refuses password hashes beyond its bound in flight (decision 0031).
  const staff: Account[] = []
  const users: Account[] = []
  for (let i = 0; i < 5; i++) {
    staff.push(await account(server, { staff: true }))
    users.push(await account(server, { staff: false }))
  }
  const { data, error } = await staff[0]!.client
    .from('blog_posts')
    .insert({ title: 'Borrador', slug: unique('hammer'), content: 'x', published: false })
    .select('id')
    .single()
  if (error) throw error
  draftId = data.id
  hammers = Array.from({ length: CLIENTS }, (_, i): Hammer => {
    const pick = i % 3
    if (pick === 0) return { kind: 'anon', id: null, client: client(server) }
    const who = (pick === 1 ? users : staff)[i % 5]!
    return { kind: pick === 1 ? 'user' : 'staff', id: who.id, client: who.client }
  })
  loops = hammers.map((hammer, i) => hammerLoop(hammer, i))
})

afterAll(async () => {
  running = false
  await Promise.all(loops)
})

async function hammerLoop(h: Hammer, seed: number): Promise<void> {
  for (let round = seed; running; round++) {
    const problem = await check(h, round % 5).catch((error: unknown) => `threw ${String(error)}`)
    answered += 1
    if (problem) violations.push(`${h.kind} ${h.id ?? ''}: ${problem}`)
  }
}

/** One request whose answer depends on the caller's role and identity; returns what was wrong, if anything. */
async function check(h: Hammer, which: number): Promise<string | null> {
  if (which === 0) {
    // public.staff shows a caller only its own row, and anon nothing at all (401): auth.uid() and role in one.
    const { data, error, status } = await h.client.from('staff').select('user_id')
    if (h.kind === 'anon') return status === 401 && error?.code === '42501' ? null : `staff select as anon: ${status}`
    const expected = h.kind === 'staff' ? [{ user_id: h.id }] : []
    return error || JSON.stringify(data) !== JSON.stringify(expected) ? `staff select: ${status} ${JSON.stringify(data ?? error)}` : null
  }
  if (which === 1) {
    const { data, error } = await h.client.rpc('is_staff')
    return error || data !== (h.kind === 'staff') ? `is_staff: ${JSON.stringify(data ?? error)}` : null
  }
  if (which === 2) {
    const { data, error } = await h.client.from('blog_posts').select('id, published')
    if (error) return `blog_posts: ${error.message}`
    const seesDraft = data.some((row) => row.id === draftId)
    return seesDraft !== (h.kind === 'staff') ? `blog_posts: draft ${seesDraft ? 'seen' : 'not seen'}` : null
  }
  if (which === 3) {
    // Served by the Node server's own transaction on the same session, between PostgREST's requests.
    if (h.kind === 'anon') return null
    const { data, error } = await h.client.auth.getUser()
    return error || data.user.id !== h.id ? `auth user: ${JSON.stringify(data.user?.id ?? error)}` : null
  }
  // A write: only staff may; the others must be refused with their own status (401 anon, 403 signed in).
  const { error, status } = await h.client.from('menu_items').insert({ id: crypto.randomUUID(), label: 'Carga', path: '/carga', order_num: 900 })
  const expected = h.kind === 'staff' ? 201 : h.kind === 'anon' ? 401 : 403
  return status === expected ? null : `menu_items insert: ${status} ${error?.code ?? ''}`
}

it('the 50 hammering clients each saw only their own role and identity', async () => {
  // Let the hammer run on its own for a moment too, after the matrix.
  await new Promise((resolve) => setTimeout(resolve, 1000))
  expect(violations.slice(0, 10)).toEqual([])
  expect(answered).toBeGreaterThan(500)
})
