// /healthz and /readyz of `npm start`, as a load balancer or an uptime monitor asks them: JSON with each
// check's name, whether it holds and a short detail, no secrets, never cached, never counted in the 404 log;
// readiness fails (503) with a stuck mail queue or a data folder short of free space.
import { readFile, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { killAll, startServerProcess, stop, type ServerProcess } from '../../support/server-process.ts'
import { client, embeddedOnly, freshDataDir, isHosted } from '../target.ts'

type Server = ServerProcess & { url: string }
interface Answer {
  status: number
  cacheControl: string | null
  type: string | null
  text: string
  body: { status: string; checks?: { name: string; ok: boolean; detail: string }[] }
}

const folders: string[] = []
let server: Server
let lowDisk: Server
let keys: { anonKey: string; serviceRoleKey: string }

beforeAll(async () => {
  if (isHosted) return
  const [a, b] = [await freshDataDir(), await freshDataDir()]
  folders.push(a, b)
  ;[server, lowDisk] = await Promise.all([
    startServerProcess(a),
    // More free space wanted than any disk has: never ready.
    startServerProcess(b, { HEALTH_MIN_FREE_DISK_BYTES: String(2 ** 52) }),
  ])
  keys = JSON.parse(await readFile(join(a, 'keys.json'), 'utf8')) as typeof keys
}, 180_000)

afterAll(async () => {
  await Promise.all([server, lowDisk].filter(Boolean).map((s) => stop(s)))
  killAll()
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

async function ask(target: Server, path: string, method = 'GET'): Promise<Answer> {
  const res = await fetch(`${target.url}${path}`, { method, signal: AbortSignal.timeout(10_000) })
  const text = await res.text()
  return {
    status: res.status,
    cacheControl: res.headers.get('cache-control'),
    type: res.headers.get('content-type'),
    text,
    body: text ? (JSON.parse(text) as Answer['body']) : { status: '' },
  }
}

describe.skipIf(isHosted)(`health checks ${embeddedOnly}`, () => {
  it('GET /healthz: alive, JSON, not cached', async () => {
    const live = await ask(server, '/healthz')
    expect(live.status).toBe(200)
    expect(live.type).toContain('application/json')
    expect(live.cacheControl).toBe('no-store')
    expect(live.body.status).toBe('alive')
    const head = await ask(server, '/healthz', 'HEAD')
    expect([head.status, head.text]).toEqual([200, ''])
  })

  it('GET /readyz: ready, with the database, PostgREST, the mail queue and the disk checked, and no secret in it', async () => {
    const ready = await ask(server, '/readyz')
    expect(ready.status, ready.text).toBe(200)
    expect(ready.cacheControl).toBe('no-store')
    expect(ready.body.status).toBe('ready')
    expect(ready.body.checks!.map((check) => check.name)).toEqual(['database', 'postgrest', 'mail_queue', 'disk'])
    for (const check of ready.body.checks!) {
      expect(check.ok, check.name).toBe(true)
      expect(check.detail.length).toBeGreaterThan(0)
      expect(check.detail.length).toBeLessThan(120)
    }
    for (const secret of [keys.anonKey, keys.serviceRoleKey, folders[0]!]) expect(ready.text).not.toContain(secret)
  })

  it('answers a flood of probes from one readiness computed per second', { timeout: 60_000 }, async () => {
    const start = performance.now()
    const answers = await Promise.all(Array.from({ length: 50 }, () => ask(server, '/readyz')))
    const seconds = (performance.now() - start) / 1000
    // Every probe answered (200, or 503 if a check failed on a loaded machine: then it says which).
    for (const answer of answers) expect([200, 503], answer.text).toContain(answer.status)
    // The database and PostgREST were asked once a second at most for all of them: as many distinct answers
    // (each names the time its query took) as seconds the flood spanned, give or take the edges.
    const computed = new Set(answers.map((answer) => JSON.stringify(answer.body.checks)))
    expect(computed.size).toBeLessThanOrEqual(Math.ceil(seconds) + 1)
  })

  it('counts neither path in the 404 log', { timeout: 60_000 }, async () => {
    const control = `/no-existe-${crypto.randomUUID().slice(0, 8)}`
    for (const path of ['/healthz', '/readyz', '/healthz?x=1', control]) await ask(server, path).catch(() => undefined)
    const service = client(
      { kind: 'embedded', url: server.url, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey, close: async () => {} },
      keys.serviceRoleKey,
    )
    // The log writes its counts every few seconds: wait for the control path, then look for the health paths.
    let paths: string[] = []
    for (let waited = 0; !paths.includes(control) && waited < 30_000; waited += 500) {
      await new Promise((resolve) => setTimeout(resolve, 500))
      const { data, error } = await service.from('not_found_paths').select('path')
      expect(error).toBeNull()
      paths = data!.map((row) => row.path)
    }
    expect(paths).toContain(control)
    expect(paths).not.toContain('/healthz')
    expect(paths).not.toContain('/readyz')
  })

  it('is not ready while a due e-mail has waited for longer than HEALTH_MAIL_STUCK_MS, and says how long', { timeout: 60_000 }, async () => {
    const service = client(
      { kind: 'embedded', url: server.url, anonKey: keys.anonKey, serviceRoleKey: keys.serviceRoleKey, close: async () => {} },
      keys.serviceRoleKey,
    )
    // Due an hour ago and held by a worker that died with a long lease: delivery will not take it.
    const hourAgo = new Date(Date.now() - 60 * 60_000).toISOString()
    const inFuture = new Date(Date.now() + 24 * 60 * 60_000).toISOString()
    const { data, error } = await service
      .from('mail_queue')
      .insert({ message: { to: 'equipo@example.com', subject: 'Atascado', text: 'Hola' }, next_attempt_at: hourAgo, locked_until: inFuture })
      .select('id')
      .single()
    expect(error).toBeNull()
    await new Promise((resolve) => setTimeout(resolve, 1100)) // past the cached second
    const stuck = await ask(server, '/readyz')
    expect(stuck.status).toBe(503)
    expect(stuck.body.status).toBe('unavailable')
    const mail = stuck.body.checks!.find((check) => check.name === 'mail_queue')!
    expect(mail.ok).toBe(false)
    expect(mail.detail).toMatch(/due for (59|60|61) min/)
    expect(stuck.text).not.toContain('equipo@example.com')
    expect((await ask(server, '/healthz')).status).toBe(200) // alive all the same

    expect((await service.from('mail_queue').delete().eq('id', data!.id)).error).toBeNull()
    let after: Answer
    for (let tries = 0; ; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 1100))
      after = await ask(server, '/readyz')
      if (after.status === 200 || tries === 5) break
    }
    expect(after.status, after.text).toBe(200)
  })

  it('is not ready when the data folder has less free space than HEALTH_MIN_FREE_DISK_BYTES', async () => {
    const short = await ask(lowDisk, '/readyz')
    expect(short.status).toBe(503)
    const disk = short.body.checks!.find((check) => check.name === 'disk')!
    expect(disk.ok).toBe(false)
    expect(disk.detail).toMatch(/MiB free/)
    expect(short.body.checks!.filter((check) => check.name !== 'disk').every((check) => check.ok)).toBe(true)
  })
})
