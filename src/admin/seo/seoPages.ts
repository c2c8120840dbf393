/**
 * A page the SEO tab offers: every public route. The routes known at build time (content pages, the blog
 * index) come from the route registry (pages/admin/+data.ts); published posts, tag pages and CMS pages are read
 * live with the staff's client (./useLiveRoutes.ts). legacyPaths are old spellings that redirect to the
 * page (content/redirects.ts), whose stored SEO rows are still honoured.
 */
import type { Site } from '../../siteContent/schema'
import type { PageSeo } from '../../seo/head'

export type { PageSeo }

export const seoGroups = ['Páginas', 'Páginas publicadas', 'Textos legales', 'Blog', 'Entradas publicadas', 'Etiquetas'] as const
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
