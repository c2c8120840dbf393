// PostgREST's one connection and the Node server's transactions take turns on PGlite's one session (decision
// 0025). PostgREST opens a new connection now and then: its pool recycles one idle for db-pool-max-idletime
// (30 s by default) or older than db-pool-max-lifetime, it reconnects after any answer of status 503 (a
// database error of class 08 or 53, say) and after a restart. A new connection that arrived while the Node
// server was inside a transaction (a sign-in, a token check, a storage write) was never served:
// pglite-socket's queue took that transaction for the previous connection's and waited for a message of
// that connection, which had gone. The request on the new connection got no answer, ever; every other REST
// request got 504 PGRST003 after 10 s, until the server was restarted.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, expect, it } from 'vitest'
import ws from 'ws'
import { startServer, type RunningServer } from '../../src/backend/app.ts'
import { contractServerOptions } from './backend-options.ts'
import { embeddedOnly, freshDataDir, isHosted } from './target.ts'

// An idle connection is recycled after 1 s instead of 30, so the test reaches a new connection quickly.
const IDLE_SECONDS = 1
let server: RunningServer
let anon: SupabaseClient<Database>
let dataDir = ''

beforeAll(async () => {
  if (isHosted) return
  dataDir = await freshDataDir()
  server = await startServer(contractServerOptions(dataDir, { postgrest: { extraConfig: { 'db-pool-max-idletime': IDLE_SECONDS } } }))
  anon = createClient<Database>(server.url, server.keys.anonKey, {
    auth: { persistSession: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
})

afterAll(async () => {
  await server?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

/** A published post's slug, read anonymously, without postgrest-js's retries: whether and when it was answered. */
const read = async () => {
  const started = Date.now()
  const { data, error } = await anon.from('blog_posts').select('slug').eq('published', true).limit(1).retry(false)
  return { ok: error === null && Array.isArray(data), error: error?.message ?? null, ms: Date.now() - started }
}

it.skipIf(isHosted)(`${embeddedOnly}REST reads are answered after a Node transaction that was open while PostgREST reconnected`, async () => {
  // PostgREST's connection serves a read, then sits idle until the pool recycles it.
  expect(await read()).toMatchObject({ ok: true })
  await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + 1.5) * 1000))

  // The Node server inside a transaction (as a sign-in is) while the reads make PostgREST drop its idle
  // connection and open another.
  const slug = `traspaso-${Date.now()}`
  let finish = () => {}
  const transaction = server.db.transaction(async (tx) => {
    await tx.query("insert into public.blog_posts (title, slug, content, published) values ('Traspaso', $1, 'Texto.', true)", [slug])
    await new Promise<void>((resolve) => (finish = resolve))
  })
  const reads = Promise.all([read(), read(), read()])
  await new Promise((resolve) => setTimeout(resolve, 1000))
  finish()
  await transaction

  // Each read is answered, and well before PostgREST's 10 s pool timeout: none waited for a connection
  // that was never served.
  const answers = await Promise.race([reads, new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 20_000))])
  expect(answers).not.toBe('no answer')
  for (const answer of answers as Awaited<ReturnType<typeof read>>[]) {
    expect(answer).toMatchObject({ ok: true, error: null })
    expect(answer.ms).toBeLessThan(8000)
  }
  // The Node transaction's write was committed: the dropped connection rolled back nothing of it.
  expect((await anon.from('blog_posts').select('title').eq('slug', slug)).data).toEqual([{ title: 'Traspaso' }])
  // And afterwards the session serves both sides as before.
  expect((await server.db.transaction((tx) => tx.query<{ one: number }>('select 1 as one'))).rows).toEqual([{ one: 1 }])
})
