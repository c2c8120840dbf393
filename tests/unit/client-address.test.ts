// A request's client address (src/backend/clientAddress.ts), over real HTTP: the socket's peer unless a trusted
// reverse proxy forwarded the request, and never a header a visitor wrote themselves.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { clientAddressFor, type ClientAddress } from '../../src/backend/clientAddress.ts'
import { parseConfig } from '../../src/config.server.ts'

let server: Server | undefined
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())))

async function addressSeen(clientAddress: ClientAddress, forwardedFor?: string): Promise<string> {
  server = createServer((req, res) => res.end(clientAddress(req)))
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const answer = await fetch(`http://127.0.0.1:${port}/`, { headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {} })
  return answer.text()
}

describe('the client address', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', async () => {
    expect(await addressSeen(clientAddressFor(), '203.0.113.7')).toBe('127.0.0.1')
  })

  it('is the forwarded address behind a trusted proxy, past the proxies it trusts, not past a visitor’s own header', async () => {
    expect(await addressSeen(clientAddressFor(['loopback']), '203.0.113.7')).toBe('203.0.113.7')
    // A visitor sends "X-Forwarded-For: 10.0.0.1"; the proxy appends the address it saw.
    expect(await addressSeen(clientAddressFor(['loopback']), '10.0.0.1, 203.0.113.7')).toBe('203.0.113.7')
    expect(await addressSeen(clientAddressFor(['loopback', '10.0.0.0/8']), '198.51.100.2, 10.0.0.1')).toBe('198.51.100.2')
    expect(await addressSeen(clientAddressFor(['loopback']))).toBe('127.0.0.1')
  })

  it('is configured as a list, and a wrong entry is refused at start with its name', () => {
    expect(parseConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8'])
    expect(() => parseConfig({ TRUST_PROXY: 'loopback, caddy' })).toThrow(/TRUST_PROXY/)
  })
})
