import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { buildSiteRoutes, firstSegmentOfPageFile, siteRoutes, siteRoutesMarker } from '../../src/site-content/siteRoutes.server'

const migrations = new URL('../../supabase/migrations/', import.meta.url).pathname

/** The slugs the newest routes migration gives the database. */
async function databaseRoutes(): Promise<string[]> {
  for (const file of (await readdir(migrations)).sort().reverse()) {
    const text = await readFile(join(migrations, file), 'utf8')
    const at = text.indexOf(siteRoutesMarker)
    if (at >= 0) return [...text.slice(at).matchAll(/\('([a-z0-9-]+)', '[a-z]+'\)/g)].map((m) => m[1]!)
  }
  return []
}

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

  it('is known to the database: the newest routes migration reserves every one (else run `npm run routes:sql`)', async () => {
    const inDatabase = await databaseRoutes()
    const missing = siteRoutes.map((r) => r.slug).filter((s) => !inDatabase.includes(s))
    expect(missing, `rutas que la base de datos no conoce: ejecuta npm run routes:sql`).toEqual([])
  })
})
