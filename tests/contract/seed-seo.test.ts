// The demo SEO rows of supabase/seed.sql, read as a visitor's client reads them: each is for a real
// public route and is a coherent override of that page, within the one set of SEO limits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { findEntry, site } from '../../src/siteContent/registry.server.ts'
import { SEO_LIMITS } from '../../src/lib/seoLimits.ts'
import { client, startTarget, type Target } from './target.ts'

let target: Target
beforeAll(async () => {
  target = await startTarget()
})
afterAll(() => target?.close())

describe.skipIf(Boolean(process.env.SUPABASE_URL))('demo seo_metadata rows', () => {
  it('override real pages, keep the brand in the whole <title>, and stay within the limits', async () => {
    const { data, error } = await client(target).from('seo_metadata').select('*')
    expect(error).toBeNull()
    expect(data!.length).toBeGreaterThan(0)
    for (const row of data!) {
      const page = findEntry(row.page_path)
      expect(page, `${row.page_path} is a public route`).toBeDefined()
      const title = row.meta_title as string
      // meta_title replaces the whole title (no suffix is added), so the brand must be in it.
      expect(title).toContain(site.brand)
      expect(title.length).toBeLessThanOrEqual(SEO_LIMITS.title)
      expect((row.meta_description as string).length).toBeLessThanOrEqual(SEO_LIMITS.description)
      expect((row.meta_description as string).length).toBeGreaterThanOrEqual(120)
      for (const field of ['og_title', 'twitter_title'] as const) {
        if (row[field]) expect(row[field].length).toBeLessThanOrEqual(SEO_LIMITS.title)
      }
      for (const field of ['og_description', 'twitter_description'] as const) {
        if (row[field]) expect(row[field].length).toBeLessThanOrEqual(SEO_LIMITS.description)
      }
      // The shared headline is the page's own hero headline, not a claim the page does not make.
      if (row.og_title && page!.kind !== 'legal') expect(row.og_title).toBe(page!.data.hero.title)
    }
  })
})
