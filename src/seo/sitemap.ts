/**
 * sitemap.xml and robots.txt, built by pure functions from the route registry and the business facts.
 * A route is listed when search engines may index it: not noindex, and not canonicalised elsewhere.
 */
import type { Seo, Site } from '../siteContent/schema'
import { absoluteUrl } from './head'

export interface SitemapRoute {
  path: string
  seo: Pick<Seo, 'noindex' | 'canonical'>
  /** ISO date of the last content change, when the page states one (legal texts do). */
  updated?: string
}

/** Paths robots.txt keeps crawlers out of: the CMS and its sign-in screen. */
export const privatePaths = ['/admin', '/auth'] as const

export function isIndexable(route: SitemapRoute, site: Pick<Site, 'siteUrl'>): boolean {
  return !route.seo.noindex && (route.seo.canonical === undefined || route.seo.canonical === absoluteUrl(route.path, site))
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

export function buildSitemap(routes: SitemapRoute[], site: Pick<Site, 'siteUrl'>): string {
  const urls = routes
    .filter((r) => isIndexable(r, site))
    .map((r) => {
      const lastmod = r.updated ? `<lastmod>${r.updated}</lastmod>` : ''
      return `  <url><loc>${escapeXml(absoluteUrl(r.path, site))}</loc>${lastmod}</url>`
    })
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, '</urlset>', ''].join(
    '\n',
  )
}

export function buildRobots(site: Pick<Site, 'siteUrl'>): string {
  return ['User-agent: *', ...privatePaths.map((p) => `Disallow: ${p}`), 'Allow: /', '', `Sitemap: ${absoluteUrl('/sitemap.xml', site)}`, ''].join(
    '\n',
  )
}
