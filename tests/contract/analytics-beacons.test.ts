// The beacon endpoint (src/host/analytics/) served over HTTP and writing to the backend as the service role:
// what a browser's beacon records, and what is refused or left out — malformed, oversized, wrongly typed,
// unknown or scripted paths, scripted referrers and UTM values, bots, prefetches and floods.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAnalytics, type Analytics } from '../../src/host/analytics/startAnalytics.ts'
import { BEACON_PATH } from '../../src/analytics/events.ts'
import { clientAddressFor } from '../../src/backend/clientAddress.ts'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()
const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const landing = `/${unique('landing')}`
const pages = new Set([landing])
let analytics: Analytics
let server: Server
let url: string

beforeAll(async () => {
  // As behind Caddy or nginx on the same machine (TRUST_PROXY=loopback): the client is X-Forwarded-For's.
  analytics = startAnalytics({
    service: roles.service,
    siteUrl: 'https://www.example.es',
    writeEveryMs: 50,
    clientAddress: clientAddressFor(['loopback']),
  })
  server = createServer((req, res) => void analytics.beacons.handle(req, res, async (path) => pages.has(path)))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${BEACON_PATH}`
})
afterAll(async () => {
  await analytics.close()
  await new Promise((resolve) => server.close(resolve))
})

function send(body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': CHROME, ...headers },
  })
}

async function eventsOf(path: string) {
  await new Promise((resolve) => setTimeout(resolve, 300))
  await analytics.close() // flushes what waits; the writer keeps accepting afterwards
  const { data, error } = await roles.service.from('analytics_events').select('*').eq('path', path).order('id')
  expect(error).toBeNull()
  return data!
}

describe('the beacon endpoint', () => {
  it('records a page view with the referrer host, the UTM values, device and browser, and a contact click', async () => {
    const query = '?utm_source=linkedin&utm_campaign=<script>alert(1)</script>&email=ana@example.com'
    expect((await send({ k: 'pageview', p: `${landing}/`, r: 'https://www.linkedin.com/feed/?trk=123', q: query })).status).toBe(204)
    expect((await send({ k: 'whatsapp_click', p: landing })).status).toBe(204)
    const events = await eventsOf(landing)
    expect(events.map((e) => e.kind)).toEqual(['pageview', 'whatsapp_click'])
    expect(events[0]).toMatchObject({
      referrer_host: 'www.linkedin.com',
      utm_source: 'linkedin',
      utm_campaign: null,
      device: 'ordenador',
      browser: 'Chrome',
    })
    expect(events[0]!.visitor).toBe(events[1]!.visitor)
    expect(JSON.stringify(events)).not.toMatch(/127\.0\.0\.1|ana@example|trk=|X11/)
  })

  it('tells visitors apart behind a trusted reverse proxy by the address it forwards', async () => {
    const path = `/${unique('proxied')}`
    pages.add(path)
    for (const address of ['203.0.113.7', '203.0.113.7', '198.51.100.23'])
      expect((await send({ k: 'pageview', p: path }, { 'x-forwarded-for': address })).status).toBe(204)
    const visitors = (await eventsOf(path)).map((e) => e.visitor)
    expect(visitors).toHaveLength(3)
    expect(visitors[0]).toBe(visitors[1])
    expect(visitors[2]).not.toBe(visitors[0])
  })

  it('refuses malformed, oversized, wrongly typed, unknown and scripted beacons, and stores none of them', async () => {
    const path = `/${unique('refused')}`
    pages.add(path)
    expect((await send('{not json')).status).toBe(400)
    expect((await send({ k: 'purchase', p: path })).status).toBe(400)
    expect((await send({ k: 'pageview', p: path, extra: 1 })).status).toBe(400)
    expect((await send({ k: 'pageview', p: path, r: 'x'.repeat(3000) })).status).toBe(413)
    expect((await send({ k: 'pageview', p: path }, { 'content-type': 'application/x-www-form-urlencoded' })).status).toBe(415)
    expect((await send({ k: 'pageview', p: '/no-existe' })).status).toBe(422)
    expect((await send({ k: 'pageview', p: `${path}<script>alert(1)</script>` })).status).toBe(422)
    expect((await fetch(url)).status).toBe(405)
    expect(await eventsOf(path)).toEqual([])
  })

  it('counts no bot, crawler, link previewer or prefetch', async () => {
    const path = `/${unique('bots')}`
    pages.add(path)
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Slackbot-LinkExpanding 1.0', ''])
      expect((await send({ k: 'pageview', p: path }, { 'user-agent': agent })).status).toBe(204)
    expect((await send({ k: 'pageview', p: path }, { 'sec-purpose': 'prefetch' })).status).toBe(204)
    expect(await eventsOf(path)).toEqual([])
  })

  it('answers a flood from one visitor with 429 and keeps at most the limit', async () => {
    const path = `/${unique('flood')}`
    pages.add(path)
    const agent = `${CHROME} flood`
    const statuses = []
    for (let i = 0; i < 70; i++) statuses.push((await send({ k: 'pageview', p: path }, { 'user-agent': agent })).status)
    expect(statuses.filter((s) => s === 204)).toHaveLength(60)
    expect(statuses.slice(60).every((s) => s === 429)).toBe(true)
    expect(await eventsOf(path)).toHaveLength(60)
  })
})
