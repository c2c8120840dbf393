// Thousands of generated bad requests against the embedded backend: malformed JSON, unknown tables, columns
// and operators, wrong types, SQL in filter values, huge bodies, forged and expired tokens, bad API keys.
// Each must get a 4xx with the error body of the service it went to (PostgREST {code, message, details,
// hint}; GoTrue {code, message}; the gateway {message, hint}), never a 5xx, and the server must stay up.
// Raw HTTP is used here because supabase-js cannot send malformed requests; the generator is seeded, so a
// failure replays identically.
import { generateKeyPair, SignJWT } from 'jose'
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, decodeJwt, embeddedOnly, isHosted, sharedTarget, type Target } from './target.ts'

interface Probe {
  kind: string
  method: string
  path: string
  headers?: Record<string, string>
  body?: string
  /** Extra expectations beyond "4xx with a well-formed error body". */
  expect?: { status?: number; code?: string | string[] }
}

let target: Target
let staffToken: string
let userToken: string
let expiredToken: string
let foreignToken: string
let postgresRoleToken: string

beforeAll(async () => {
  if (isHosted) return
  target = await sharedTarget()
  const staff = await account(target, { staff: true })
  const user = await account(target, { staff: false })
  staffToken = (await staff.client.auth.getSession()).data.session!.access_token
  userToken = (await user.client.auth.getSession()).data.session!.access_token
  const claims = decodeJwt(userToken)
  expiredToken = await target.signToken!({ ...claims, iat: 1_700_000_000, exp: 1_700_003_600 })
  postgresRoleToken = await target.signToken!({ role: 'postgres', iat: 1_700_000_000, exp: 4_000_000_000 })
  const { privateKey } = await generateKeyPair('ES256')
  foreignToken = await new SignJWT({ ...claims }).setProtectedHeader({ alg: 'ES256', kid: 'otro' }).sign(privateKey)
})
afterAll(() => target?.close())

/** mulberry32: a small seeded generator, so every run sends the same requests. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const TABLES = ['blog_posts', 'blog_tags', 'blog_post_tags', 'pages', 'content_blocks', 'menu_items', 'seo_metadata']
const SQL_VALUES = [
  "' or '1'='1",
  '1; drop table public.blog_posts; --',
  '") or true --',
  "'; update public.blog_posts set published = true; --",
  '$1',
  "\\'",
  "%' or 1=1 --",
  "x' union select * from auth.users --",
  'null) or (1=1',
]

const noHeaders: Record<string, string> = {}

function generate(count: number): Probe[] {
  const rnd = random(20250601)
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!
  const word = (length = 1 + Math.floor(rnd() * 12)) =>
    Array.from({ length }, () => pick('abcdefghijklmnopqrstuvwxyz_0123456789;\'"()-*., %$ñé'.split(''))).join('')
  const anon = () => ({ apikey: target.anonKey, Authorization: `Bearer ${target.anonKey}` })
  const as = (token: string) => ({ apikey: target.anonKey, Authorization: `Bearer ${token}` })
  const json = { 'Content-Type': 'application/json' }
  const authHeaders = { apikey: target.anonKey, 'X-Supabase-Api-Version': '2024-01-01', ...json }
  const enc = encodeURIComponent

  const makers: (() => Probe)[] = [
    () => ({
      kind: 'malformed JSON',
      method: pick(['POST', 'PATCH']),
      path: `/rest/v1/${pick(TABLES)}?id=eq.${crypto.randomUUID()}`,
      headers: { ...as(pick([staffToken, userToken, target.anonKey])), ...json },
      // Each prefix keeps the body invalid whatever word follows (a bare word can be a JSON number).
      body: pick(['{', '{"title": ', "{'title': 'x'}", '[{"a":1},]', '{"a":1}}', 'NaN', '\u0000{']) + word(),
      expect: { status: 400, code: 'PGRST102' },
    }),
    () => ({
      kind: 'unknown table',
      method: pick(['GET', 'POST', 'PATCH', 'DELETE', 'HEAD']),
      path: `/rest/v1/${pick(['x_', 'pg_catalog.', '..%2F', '%zz', 'auth.users;', ''])}${enc(word())}`,
      headers: { ...as(pick([staffToken, target.anonKey])), ...json },
      body: '{}',
      // PGRST205 from PostgREST 13 (hosted), 42P01 from 12.0.2 (embedded): both mean no such table.
      expect: { status: 404, code: ['PGRST205', '42P01'] },
    }),
    () => {
      const table = pick(TABLES)
      const param = pick(['select=id,x_', 'order=x_', 'x_'])
      // A parameter with no value is no filter to PostgREST (it ignores it); a filter on x_… has one.
      const value = param === 'x_' || rnd() < 0.5 ? '=eq.1' : ''
      return {
        kind: 'unknown column',
        method: 'GET',
        path: `/rest/v1/${table}?${param}${enc(word())}${value}`,
        headers: anon(),
        // PGRST108: PostgREST reads a dotted name (x_a.b) as a filter on an embedded resource not selected.
        expect: { status: 400, code: ['42703', 'PGRST100', 'PGRST108', 'PGRST200'] },
      }
    },
    () => ({
      kind: 'unknown column in body',
      method: 'POST',
      path: `/rest/v1/${pick(TABLES)}`,
      headers: { ...as(staffToken), ...json },
      body: JSON.stringify({ [`x_${word()}`]: word() }),
      expect: { status: 400, code: 'PGRST204' },
    }),
    () => ({
      kind: 'unknown operator',
      method: 'GET',
      path: `/rest/v1/menu_items?${pick(['label', 'order_num', 'id'])}=${enc(pick(['', 'not.', 'foo.', 'eq', 'in.', 'is.']) + word())}`,
      headers: anon(),
      expect: { status: 400 },
    }),
    // PostgREST ignores a limit or offset that is not a number; a bad ordering or a negative limit it refuses.
    () =>
      rnd() < 0.5
        ? {
            kind: 'bad order',
            method: 'GET',
            path: `/rest/v1/${pick(TABLES)}?order=created_at.${enc(word())}`,
            headers: anon(),
            expect: { status: 400, code: ['PGRST100', '42703'] },
          }
        : {
            kind: 'negative limit',
            method: 'GET',
            path: `/rest/v1/${pick(TABLES)}?limit=-${1 + Math.floor(rnd() * 1000)}`,
            headers: anon(),
            expect: { status: 416, code: 'PGRST103' },
          },
    () => {
      const [column, value] = pick([
        ['id', word()],
        ['order_num', `x${word()}`],
        ['created_at', `x${word()}`],
        ['parent_id', `${word()}-nope`],
      ] as const)
      return {
        kind: 'wrong type in filter',
        method: 'GET',
        path: `/rest/v1/menu_items?${column}=${pick(['eq', 'gt', 'lte', 'neq'])}.${enc(value)}`,
        headers: anon(),
        expect: { status: 400 },
      }
    },
    () => ({
      kind: 'wrong type in body',
      method: 'POST',
      path: '/rest/v1/menu_items',
      headers: { ...as(staffToken), ...json },
      body: JSON.stringify(
        pick([
          { label: 'x', path: '/x', order_num: `x${word()}` },
          { id: word(), label: 'x', path: '/x' },
          { label: 'x', path: '/x', parent_id: `nope-${word()}` },
          { label: null, path: '/x' },
        ]),
      ),
      expect: { status: 400, code: ['22P02', '23502'] },
    }),
    () => ({
      kind: 'forged or expired token',
      method: pick(['GET', 'POST']),
      path: `/rest/v1/${pick(TABLES)}`,
      headers: {
        ...as(
          pick([
            expiredToken,
            foreignToken,
            postgresRoleToken,
            `${word()}.${word()}.${word()}`,
            'eyJhbGciOiJub25lIn0.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.',
          ]),
        ),
        ...json,
      },
      body: '{}',
      expect: { status: 401, code: ['PGRST301', 'PGRST303'] },
    }),
    () => ({
      kind: 'forged or expired token (auth)',
      method: 'GET',
      path: '/auth/v1/user',
      headers: { ...authHeaders, Authorization: `Bearer ${pick([expiredToken, foreignToken, postgresRoleToken, word()])}` },
      // A token with a space in it is no Bearer token at all: GoTrue answers 401 no_authorization.
      expect: { code: ['bad_jwt', 'no_authorization'] },
    }),
    () => ({
      kind: 'bad API key',
      method: pick(['GET', 'POST']),
      path: pick(['/rest/v1/blog_posts', '/auth/v1/token?grant_type=password', '/auth/v1/user']),
      headers: rnd() < 0.5 ? noHeaders : { apikey: pick([word(), foreignToken, expiredToken]) },
      expect: { status: 401 },
    }),
    () => ({
      kind: 'bad auth request',
      method: 'POST',
      path: pick([`/auth/v1/token?grant_type=${enc(word())}`, '/auth/v1/signup', '/auth/v1/token?grant_type=password', `/auth/v1/${enc(word())}`]),
      headers: authHeaders,
      body: pick(['{', `{"email": ${Math.floor(rnd() * 100)}}`, `{"email": "${word()}", "password": "x"}`, '[]', word()]),
    }),
    () => ({
      kind: 'write without filter or with a wrong method',
      method: pick(['PATCH', 'DELETE', 'PUT']),
      path: `/rest/v1/${pick(TABLES)}`,
      headers: { ...as(staffToken), ...json },
      body: '{"title":"todo"}',
      // PUT without a primary-key filter: PostgREST answers 405 PGRST105.
      expect: { code: ['21000', 'PGRST105', 'PGRST117', 'PGRST204'] },
    }),
    () => ({
      kind: 'wrong schema',
      method: 'GET',
      path: '/rest/v1/blog_posts',
      headers: { ...anon(), 'Accept-Profile': pick(['auth', 'pg_catalog', word()]) },
      expect: { status: 406, code: 'PGRST106' },
    }),
  ]
  return Array.from({ length: count }, (_, i) => makers[i % makers.length]!())
}

function checkAnswer(probe: Probe, status: number, text: string, headers: Headers): string | null {
  const where = `${probe.kind}: ${probe.method} ${probe.path} -> ${status} ${text.slice(0, 200)}`
  if (status < 400 || status > 499) return `not a 4xx: ${where}`
  let body: Record<string, unknown>
  try {
    body = probe.method === 'HEAD' ? {} : (JSON.parse(text) as Record<string, unknown>)
  } catch {
    return `not JSON: ${where}`
  }
  if (probe.method !== 'HEAD') {
    const keys = Object.keys(body).sort().join(',')
    const gateway = keys === 'hint,message'
    const postgrest = keys === 'code,details,hint,message' && typeof body.code === 'string' && typeof body.message === 'string'
    const gotrue = probe.path.startsWith('/auth/') && typeof body.code === 'string' && typeof body.message === 'string'
    if (!(gateway || postgrest || gotrue)) return `unexpected error body: ${where}`
    if (gotrue && headers.get('x-supabase-api-version') !== '2024-01-01') return `GoTrue error without X-Supabase-Api-Version: ${where}`
  }
  const expected = probe.expect
  if (expected?.status && status !== expected.status) return `expected ${expected.status}: ${where}`
  const codes = expected?.code === undefined ? null : [expected.code].flat()
  if (codes && probe.method !== 'HEAD' && !codes.includes(String(body.code))) return `expected code ${codes.join('|')}: ${where}`
  return null
}

async function sendAll(probes: Probe[], concurrency: number): Promise<string[]> {
  const problems: string[] = []
  let next = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < probes.length) {
        const probe = probes[next++]!
        const res = await fetch(target.url + probe.path, {
          method: probe.method,
          headers: probe.headers,
          body: ['GET', 'HEAD'].includes(probe.method) ? undefined : probe.body,
        })
        const problem = checkAnswer(probe, res.status, await res.text(), res.headers)
        if (problem) problems.push(problem)
      }
    }),
  )
  return problems
}

describe.skipIf(isHosted)(`bad input ${embeddedOnly}`, () => {
  it('answers 3,000 generated bad requests with 4xx errors in the right shape, and stays up', async () => {
    const before = await fetch(`${target.url}/rest/v1/blog_posts?select=id`, { headers: { apikey: target.anonKey } }).then((r) => r.json())
    const probes = generate(3000)
    const problems = await sendAll(probes, 16)
    expect(problems.slice(0, 10)).toEqual([])
    const after = await fetch(`${target.url}/rest/v1/blog_posts?select=id`, { headers: { apikey: target.anonKey } })
    expect(after.status).toBe(200)
    expect(await after.json()).toEqual(before)
  }, 90_000)

  it('treats SQL in filter values as plain values: no rows, no error, nothing changed', async () => {
    const headers = { apikey: target.anonKey }
    const snapshot = () => fetch(`${target.url}/rest/v1/blog_posts?select=id,published&order=id`, { headers }).then((r) => r.json())
    const before = await snapshot()
    for (const value of SQL_VALUES) {
      for (const filter of [
        `title=eq.${encodeURIComponent(value)}`,
        `slug=in.(${encodeURIComponent(`"${value}"`)})`,
        `title=ilike.${encodeURIComponent(value)}`,
      ]) {
        const res = await fetch(`${target.url}/rest/v1/blog_posts?select=id&${filter}`, { headers })
        expect(res.status, filter).toBe(200)
        expect(await res.json(), filter).toEqual([])
      }
    }
    expect(await snapshot()).toEqual(before)
  })

  it('answers bodies over 1 MB with 413 on both services', async () => {
    const huge = JSON.stringify({ title: 'x'.repeat(1.5 * 1024 * 1024) })
    for (const path of ['/rest/v1/blog_posts', '/auth/v1/signup']) {
      const res = await fetch(target.url + path, {
        method: 'POST',
        headers: {
          apikey: target.anonKey,
          Authorization: `Bearer ${staffToken}`,
          'Content-Type': 'application/json',
          'X-Supabase-Api-Version': '2024-01-01',
        },
        body: huge,
      })
      expect(res.status).toBe(413)
      const body = (await res.json()) as { code: string; message: string }
      expect(typeof body.code).toBe('string')
      expect(typeof body.message).toBe('string')
    }
  })

  it('answers malformed HTTP with 400 and keeps serving', async () => {
    const { port, hostname } = new URL(target.url)
    for (const raw of [
      'GET /rest/v1/blog_posts HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n',
      'NOT HTTP AT ALL\r\n\r\n',
      'GET / HTTP/9.9\r\n\r\n',
    ]) {
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(Number(port), hostname, () => socket.end(raw))
        let data = ''
        socket.on('data', (chunk) => (data += chunk.toString()))
        socket.on('close', () => resolve(data))
        socket.on('error', () => resolve(data))
      })
      expect(answer).toMatch(/^HTTP\/1\.1 400/)
    }
    const ok = await fetch(`${target.url}/rest/v1/blog_tags?select=id&limit=1`, { headers: { apikey: target.anonKey } })
    expect(ok.status).toBe(200)
  })
})
