// The server's log (decision 0098): a line per request with an id, the same id in the x-request-id response
// header; LOG_FORMAT=json gives JSON lines only; nothing personal or secret is written, whatever the request
// carried: a lead's fields, a password, a token in the query string, the client's full address.
import { readFile, rm } from 'node:fs/promises'
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
})
