// What a page view keeps of its URLs and its browser: the path without its query string, the referrer's host,
// the utm_* values that are plain text, and the device class and browser family; bots are no visitors.
import { describe, expect, it } from 'vitest'
import { normalisePath, referrerHost, utmOf } from '../../src/analytics/landing.ts'
import { readAgent } from '../../src/analytics/agent.server.ts'

describe('analytics landing', () => {
  it('normalises paths and refuses what no page can be', () => {
    expect(normalisePath('/shopify/?x=1#top')).toBe('/shopify')
    expect(normalisePath('/')).toBe('/')
    expect(normalisePath('/blog/caf%C3%A9')).toBe('/blog/café')
    for (const bad of ['//evil.example/', 'shopify', '/%00', '/<script>alert(1)</script>', '/%E0%A4%A', `/${'a'.repeat(600)}`])
      expect(normalisePath(bad)).toBeNull()
  })

  it('keeps the referrer host alone, "directo" without one, nothing for the site itself', () => {
    expect(referrerHost('https://www.Google.com/search?q=agencia+valencia', 'example.es')).toBe('www.google.com')
    expect(referrerHost(undefined, 'example.es')).toBe('directo')
    expect(referrerHost('javascript:alert(1)', 'example.es')).toBe('directo')
    expect(referrerHost('not a url', 'example.es')).toBe('directo')
    expect(referrerHost('https://example.es/blog', 'example.es')).toBeNull()
  })

  it('keeps the utm_* values that are plain text and drops the rest of the query', () => {
    expect(utmOf('?utm_source=linkedin&utm_medium=social&utm_campaign=oto%C3%B1o&email=ana@example.com')).toEqual({
      utm_source: 'linkedin',
      utm_medium: 'social',
      utm_campaign: 'otoño',
    })
    expect(utmOf('?utm_source=<img src=x onerror=alert(1)>&utm_term=' + 'x'.repeat(201))).toEqual({})
  })

  it('reads device and browser families, and no visitor in a bot or an empty User-Agent', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'
    const desktop = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
    expect(readAgent(iphone)).toEqual({ device: 'móvil', browser: 'Safari' })
    expect(readAgent(desktop)).toEqual({ device: 'ordenador', browser: 'Chrome' })
    expect(readAgent('Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)')).toBeNull()
    expect(readAgent('facebookexternalhit/1.1')).toBeNull()
    expect(readAgent(undefined)).toBeNull()
  })
})
