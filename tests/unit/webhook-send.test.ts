// One webhook attempt against real HTTP receivers on this machine (src/host/webhooks/send.ts): a 3xx is not
// followed, a 500 and a timeout are failures with a reason, a 50 MB answer is read no further than the KB the log
// keeps, and private, link-local and metadata addresses are refused before any connection, loopback too unless
// the test-only setting allows it.
import { createServer, type RequestListener, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { formRefusal, isAllowedAddress, REFUSALS, urlRefusal } from '../../src/host/webhooks/addresses.ts'
import { send } from '../../src/host/webhooks/send.ts'

const servers: Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.closeAllConnections() ?? s.close(resolve))))
})

async function receiver(handler: RequestListener): Promise<string> {
  const server = createServer(handler)
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
}

const options = { timeoutMs: 1500, allowLoopback: true }

describe('one webhook attempt', () => {
  it('a 2xx is a success, with the first KB of the answer', async () => {
    let received = ''
    const url = await receiver((req, res) => {
      req.on('data', (c: Buffer) => (received += c.toString()))
      req.on('end', () => res.writeHead(200).end('ok'))
    })
    const result = await send(url, '{"a":1}', { 'content-type': 'application/json' }, options)
    expect(result).toMatchObject({ status: 200, error: null, body: 'ok' })
    expect(received).toBe('{"a":1}')
  })

  it('a redirect is not followed', async () => {
    let followed = false
    const target = await receiver((_req, res) => {
      followed = true
      res.end()
    })
    const url = await receiver((_req, res) => res.writeHead(302, { location: target }).end())
    const result = await send(url, '{}', {}, options)
    expect(result.status).toBe(302)
    expect(result.error).toContain('no seguida')
    expect(followed).toBe(false)
  })

  it('a 500 is a failure; an endpoint that never answers is given up on at the timeout', async () => {
    const failing = await receiver((_req, res) => res.writeHead(500).end('boom'))
    expect(await send(failing, '{}', {}, options)).toMatchObject({ status: 500, error: 'Respuesta HTTP 500', body: 'boom' })
    const silent = await receiver(() => undefined)
    const result = await send(silent, '{}', {}, options)
    expect(result.status).toBeNull()
    expect(result.error).toBe('Sin respuesta en 1.5 s')
    expect(result.durationMs).toBeGreaterThanOrEqual(1400)
    expect(result.durationMs).toBeLessThan(3000)
  })

  it('a 50 MB answer is cut at 1 KB and not read further', async () => {
    let written = 0
    const chunk = Buffer.alloc(64 * 1024, 'x')
    const url = await receiver((_req, res) => {
      res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) })
      const pump = () => {
        while (written < 50 * 1024 * 1024) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once('drain', pump)
        }
        res.end()
      }
      res.on('close', () => undefined)
      pump()
    })
    const result = await send(url, '{}', {}, options)
    expect(result.status).toBe(200)
    expect(result.body).toHaveLength(1024)
    // The socket was dropped: far less than the 50 MB were ever sent.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(written).toBeLessThan(10 * 1024 * 1024)
  })

  it('refuses private, link-local and metadata addresses, and loopback unless allowed', async () => {
    for (const address of [
      '10.0.0.1',
      '192.168.1.10',
      '172.16.0.1',
      '169.254.169.254',
      '100.64.0.1',
      'fd00::1',
      'fe80::1',
      '::ffff:10.0.0.1',
      '0.0.0.0',
    ])
      expect(isAllowedAddress(address, true), address).toBe(false)
    expect(isAllowedAddress('127.0.0.1', false)).toBe(false)
    expect(isAllowedAddress('127.0.0.1', true)).toBe(true)
    expect(isAllowedAddress('8.8.8.8', false)).toBe(true)
    const metadata = await send('https://169.254.169.254/latest/meta-data', '{}', {}, options)
    expect(metadata).toMatchObject({ status: null, error: REFUSALS.private })
    const loopback = await receiver((_req, res) => res.end())
    expect((await send(loopback, '{}', {}, { ...options, allowLoopback: false })).error).toBe(REFUSALS.private)
    // A name that resolves to loopback is refused as well, at save time and at delivery time.
    expect(await urlRefusal('https://localhost/hook', false)).toBe(REFUSALS.private)
    expect((await send(loopback.replace('127.0.0.1', 'localhost'), '{}', {}, { ...options, allowLoopback: false })).error).toBe(REFUSALS.private)
  })

  it('says in Spanish why a URL is refused by its form', () => {
    expect(formRefusal('http://crm.example.com/hook', false)).toBe(REFUSALS.notHttps)
    expect(formRefusal('https://ana:secreto@crm.example.com/hook', false)).toBe(REFUSALS.credentials)
    expect(formRefusal('no es una url', false)).toBe(REFUSALS.malformed)
    expect(formRefusal('http://127.0.0.1:8080/hook', false)).toBe(REFUSALS.private)
    expect(formRefusal('http://127.0.0.1:8080/hook', true)).toBeNull()
    expect(formRefusal('https://crm.example.com/hook', false)).toBeNull()
  })
})
