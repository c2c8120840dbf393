/**
 * A CMS page's own SEO (the page layer of src/seo/head.ts): its title, and as description the start of
 * its text blocks, or the business tagline when it has none. The public page and the admin's SEO tab
 * both build it here.
 */
import { excerptFrom } from '../blog/text'
import type { Block } from '../siteContent/blocks'
import type { Site } from '../siteContent/schema'
import type { PageSeo } from './head'

export function cmsPageSeo(page: { title: string; blocks: readonly Block[] }, site: Pick<Site, 'tagline'>): PageSeo {
  const text = page.blocks.flatMap((b) => ('text' in b ? [b.text] : 'items' in b ? b.items : [])).join(' ')
  return { title: page.title, description: excerptFrom(text || `${page.title}. ${site.tagline}`) }
}
