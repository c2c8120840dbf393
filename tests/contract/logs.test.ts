// The server's log (decision 0098): a line per request with an id, the same id in the x-request-id response
// header; LOG_FORMAT=json gives JSON lines only; nothing personal or secret is written, whatever the request
// carried: a lead's fields, a password, a token in the query string, the client's full address.
import { readFile, rm } from 'node:fs/promises'
import { createConnection } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { killAll, spawnServer, stop } from '../support/server-process.ts'
import { embeddedOnly, freshDataDir, isHosted } from './target.ts'

const dirs: string[] = []
afterAll(async () => {
  killAll()
  for (const dir of dirs) await rm(dir, { recursive: true, force: true })
})

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const found = probe()
    if (found !== undefined) return found
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
}

describe.skipIf(isHosted)(`logs ${embeddedOnly}`, () => {
  it('LOG_FORMAT=json: one JSON line per request with its id, and no lead field, password, token or full address', { timeout: 240_000 }, async () => {
    const dataDir = await freshDataDir()
    dirs.push(dataDir)
    const server = spawnServer(dataDir, { LOG_FORMAT: 'json' })
    let stdout = ''
    server.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    const url = await until('the welcome', () => /running at (http:\/\/[^\s"\\]+)[\s\S]*backend\.json/.exec(stdout)?.[1])
    const { anonKey, serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as Record<string, string>

    const plain = await fetch(`${url}/backend.json`)
    const id = plain.headers.get('x-request-id')
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    // A proxy's own id is kept, so its access log and ours name the same request.
    const proxied = await fetch(`${url}/backend.json`, { headers: { 'x-request-id': 'caddy-7f3a9c' } })
    expect(proxied.headers.get('x-request-id')).toBe('caddy-7f3a9c')

    const secrets = {
      password: 'Contraseña-Muy-Secreta-913',
      name: 'Remedios Zaragozà Bellver',
      email: 'remedios.zb@correo-privado.example',
      phone: '+34 611 222 333',
      message: 'Tenemos un presupuesto de 48.000 euros',
    }
    const apiHeaders = { apikey: anonKey!, 'content-type': 'application/json' }
    // A sign-in with a password (refused: no such account), a token in a query string, and a lead stored the
    // way the contact form stores one, each through the API the site uses.
    await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: apiHeaders,
      body: JSON.stringify({ email: secrets.email, password: secrets.password }),
    })
    await fetch(`${url}/rest/v1/pages?select=id&apikey=${serviceRoleKey}`)
    const lead = await fetch(`${url}/rest/v1/rpc/accept_lead`, {
      method: 'POST',
      headers: { ...apiHeaders, apikey: serviceRoleKey!, authorization: `Bearer ${serviceRoleKey}` },
      body: JSON.stringify({
        lead: {
          id: crypto.randomUUID(),
          page_path: '/contacto',
          name: secrets.name,
          email: secrets.email,
          phone: secrets.phone,
          message: secrets.message,
          verified: true,
        },
      }),
    })
    expect(lead.status, await lead.clone().text()).toBe(200)
    const leadId = lead.headers.get('x-request-id')

    // The stop flushes the log: every line is written by then.
    await stop(server)
    const lines = stdout.split('\n').filter((line) => line.trim())
    const records = lines.map((line) => JSON.parse(line) as Record<string, unknown>)
    const requestLine = records.find((r) => r.reqId === id)
    expect(requestLine).toMatchObject({ method: 'GET', path: '/backend.json', status: 200, level: 30 })
    expect(typeof requestLine!.ms).toBe('number')
    expect(typeof requestLine!.time).toBe('string')
    expect(requestLine!.ip).toBe('127.0.0.0')
    expect(records.find((r) => r.reqId === leadId)).toMatchObject({ method: 'POST', path: '/rest/v1/rpc/accept_lead', status: 200 })
    expect(records.filter((r) => r.reqId === id)).toHaveLength(1)

    for (const value of [...Object.values(secrets), serviceRoleKey!, anonKey!, '127.0.0.1']) expect(stdout).not.toContain(value)
    expect(server.output()).not.toContain(secrets.password)
  })

  it(
    'a background job writes one line per run with its id: info when it did something, debug (with its own requests) when idle',
    { timeout: 240_000 },
    async () => {
      const dataDir = await freshDataDir()
      dirs.push(dataDir, `${dataDir}-backups`)
      const server = spawnServer(dataDir, { LOG_FORMAT: 'json', LOG_LEVEL: 'debug' })
      let stdout = ''
      server.child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
      await until('the welcome', () => /running at (http:\/\/[^\s"\\]+)[\s\S]*backend\.json/.exec(stdout)?.[1])
      // One backup, asked as `npm run backup` asks (the data folder's socket): a job that did something.
      const answer = await new Promise<string>((resolve, reject) => {
        let text = ''
        const socket = createConnection(join(dataDir, 'backup.sock'))
        socket.on('data', (chunk: Buffer) => (text += chunk.toString()))
        socket.on('end', () => resolve(text))
        socket.on('error', reject)
      })
      expect(JSON.parse(answer)).toMatchObject({ ok: true })
      // The webhooks' poll (every second) finds an empty queue meanwhile: idle runs.
      await new Promise((resolve) => setTimeout(resolve, 3000))
      await stop(server)

      const records = stdout
        .split('\n')
        .filter((line) => line.trim())
        .map((line) => JSON.parse(line) as Record<string, unknown>)
      const runs = (job: string) => records.filter((r) => r.module === 'job' && r.job === job)
      const backups = runs('backup')
      expect(backups).toHaveLength(1)
      expect(backups[0]).toMatchObject({ level: 30, jobId: expect.stringMatching(/^[0-9a-f-]{36}$/), msg: 'backup done', deleted: 0 })
      expect(backups[0]!.bytes).toBeGreaterThan(0)
      expect(backups[0]!.files).toBeGreaterThan(0)
      expect(typeof backups[0]!.ms).toBe('number')

      const polls = runs('webhook deliveries')
      expect(polls.length).toBeGreaterThanOrEqual(2)
      expect(polls.every((r) => r.level === 20 && r.claimed === 0 && r.msg === 'webhook deliveries idle')).toBe(true)
      // The requests an idle run made to this server's API carry its id, and are debug too: nothing at info.
      const ids = new Set(polls.map((r) => r.jobId))
      const own = records.filter((r) => r.module === 'http' && ids.has(r.reqId))
      expect(own.map((r) => r.path)).toContain('/rest/v1/rpc/claim_webhook_deliveries')
      expect(own.every((r) => r.level === 20)).toBe(true)
      expect(records.filter((r) => r.level === 30 && r.path === '/rest/v1/rpc/claim_webhook_deliveries')).toEqual([])
      // No secret: not the data folder's keys, not a full address.
      const { anonKey, serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as Record<string, string>
      for (const value of [anonKey!, serviceRoleKey!, '127.0.0.1']) expect(stdout).not.toContain(value)
    },
  )
})
