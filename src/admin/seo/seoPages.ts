/**
 * A page the SEO tab offers: every public route. The routes known at build time (content pages, the blog
 * index) come from the route registry (pages/admin/+data.ts); published posts and tag pages are read
 * live with the staff's client (./useBlogRoutes.ts). legacyPaths are old spellings that redirect to the
 * page (content/redirects.ts), whose stored SEO rows are still honoured.
 */
import type { Site } from '../../content/schema'

/** What a page says about itself: the layer of the head below the staff's override (src/seo/head.ts). */
export interface PageSeo {
  /** The page's own title; the site's pattern adds the brand. */
  title: string
  description: string
  keywords?: string[]
  /** A site path or an absolute URL. */
  ogImage?: string
  canonical?: string
  noindex?: boolean
}

export const seoGroups = ['Páginas', 'Textos legales', 'Blog', 'Entradas publicadas', 'Etiquetas'] as const
export type SeoGroup = (typeof seoGroups)[number]

export interface SeoPage {
  path: string
  legacyPaths: string[]
  group: SeoGroup
  seo: PageSeo
}

/** What the build hands the SEO tab: the business facts the head is built from, and the static routes. */
export interface SeoCatalog {
  site: Site
  pages: SeoPage[]
}
