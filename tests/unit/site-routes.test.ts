import { describe, expect, it } from 'vitest'
import { buildSiteRoutes, firstSegmentOfPageFile } from '../../src/siteContent/siteRoutes'
import { siteRoutes } from '../../src/siteContent/siteRoutes.server'

describe('site routes', () => {
  it('reads the app routes Vike serves from the pages folder', () => {
    expect(firstSegmentOfPageFile('/pages/admin/+Page.tsx')).toBe('admin')
    expect(firstSegmentOfPageFile('/pages/(site)/blog/@slug/+Page.tsx')).toBe('blog')
    expect(firstSegmentOfPageFile('/pages/(site)/@slug/+Page.tsx')).toBeUndefined()
    expect(firstSegmentOfPageFile('/pages/(site)/index/+Page.tsx')).toBeUndefined()
    expect(firstSegmentOfPageFile('/pages/_error/+Page.tsx')).toBeUndefined()
  })

  it('takes every content route, redirect source, app route and server prefix', () => {
    const routes = buildSiteRoutes({ pagePaths: ['/', '/shopify'], redirectSources: ['/viejo'], pageFiles: ['/pages/admin/+Page.tsx'] })
    expect(routes).toEqual(
      expect.arrayContaining([
        { slug: 'shopify', source: 'page' },
        { slug: 'viejo', source: 'redirect' },
        { slug: 'admin', source: 'app' },
        { slug: 'rest', source: 'server' },
      ]),
    )
    expect(routes.map((r) => r.slug)).not.toContain('')
    const slugs = siteRoutes.map((r) => r.slug)
    for (const slug of ['shopify', 'consultoria-uxui', 'privacidad', 'consultoria-ux-ui', 'admin', 'auth', 'rest']) expect(slugs).toContain(slug)
  })
})
