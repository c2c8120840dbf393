import { describe, expect, it } from 'vitest'
import { entries, site } from '../../src/siteContent/registry.server'
import { routeInfos, sitemapRoute } from '../../src/seo/contentRoutes.server'
import { buildRobots, buildSitemap, isIndexable, privatePaths } from '../../src/seo/sitemap'

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1])

describe('sitemap.xml', () => {
  const xml = buildSitemap(entries.map(sitemapRoute), site)

  it('lists exactly the indexable registry routes, as absolute URLs on the site host', () => {
    const indexable = entries.filter((e) => !e.data.seo.noindex && (!e.data.seo.canonical || e.data.seo.canonical === `${site.siteUrl}${e.path}`))
    expect(locs(xml)).toEqual(indexable.map((e) => `${site.siteUrl}${e.path}`))
    expect(locs(xml)).toContain(`${site.siteUrl}/`)
  })

  it('is a sitemaps.org urlset', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true)
    expect(xml.trimEnd().endsWith('</urlset>')).toBe(true)
  })

  it('leaves out noindex pages and pages canonicalised elsewhere', () => {
    const seo = { noindex: false }
    const routes = [
      { path: '/visible', seo },
      { path: '/oculta', seo: { noindex: true } },
      { path: '/copia', seo: { ...seo, canonical: `${site.siteUrl}/visible` } },
      { path: '/propia', seo: { ...seo, canonical: `${site.siteUrl}/propia` } },
    ]
    expect(locs(buildSitemap(routes, site))).toEqual([`${site.siteUrl}/visible`, `${site.siteUrl}/propia`])
    expect(routes.map((r) => isIndexable(r, site))).toEqual([true, false, false, true])
  })

  it('dates the pages that state their last change', () => {
    expect(buildSitemap([{ path: '/aviso-legal', seo: { noindex: false }, updated: '2026-01-15' }], site)).toContain('<lastmod>2026-01-15</lastmod>')
  })

  it('the route list for the quality report agrees with it', () => {
    expect(
      routeInfos()
        .filter((r) => r.indexable)
        .map((r) => `${site.siteUrl}${r.path}`),
    ).toEqual(locs(xml))
    expect(routeInfos().map((r) => r.path)).toEqual(entries.map((e) => e.path))
  })
})

describe('robots.txt', () => {
  const robots = buildRobots(site)
  it('points at the sitemap with an absolute URL', () => {
    expect(robots).toMatch(new RegExp(`^Sitemap: ${site.siteUrl}/sitemap\\.xml$`, 'm'))
  })
  it('keeps crawlers out of the admin and its sign-in screen, and nothing else', () => {
    expect(privatePaths).toEqual(['/admin', '/auth'])
    expect(robots.match(/^Disallow: .*$/gm)).toEqual(['Disallow: /admin', 'Disallow: /auth'])
    expect(robots).toMatch(/^User-agent: \*$/m)
  })
})
