/**
 * The site's non-HTML outputs: sitemap.xml, the blog's RSS feed and robots.txt for crawlers, and
 * routes.json (the content routes, beside the client folder, not served) that `npm run quality` and the
 * server read. The sitemap and the feed join the content routes with what the CMS publishes; the build
 * writes them (writeSiteFiles) and `npm start` serves them live from the same functions
 * (src/host/site). Server-only (reads the CMS).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { blogRoutes, feedPosts } from '../cms/blog.server'
import { dynamicPageRoutes, seoOverrides } from '../cms/site.server'
import { BLOG_PATH, FEED_PATH, blogPagePath, postPath, tagPagePath } from '../blog/paths'
import type { Site } from '../siteContent/schema'
import { cmsRedirects } from '../cms/redirects.server'
import { buildFeed } from './feed'
import { redirectsFile } from './redirectsFile'
import type { SeoOverride } from '../cms/types'
import { buildRobots, buildSitemap, isIndexable, type SitemapRoute } from './sitemap'

/** One content route (a file of content/) as routes.json records it. */
export interface RouteInfo {
  path: string
  kind: 'home' | 'service' | 'legal'
  name: string
  /** By its own file: not noindex, canonical to itself. The staff's override may still take it out. */
  indexable: boolean
  /** ISO date of the last content change, when the page states one (legal texts do). */
  updated?: string
}

export const routesFile = 'routes.json'

/** Paths past the content routes, with their last change: the blog, its posts and tags, CMS pages. */
export async function publishedRoutes(): Promise<SitemapRoute[]> {
  const [blog, pages] = await Promise.all([blogRoutes(), dynamicPageRoutes()])
  const newest = blog.posts.reduce((max, p) => (p.updatedAt > max ? p.updatedAt : max), '')
  const indexable = { noindex: false }
  return [
    ...Array.from({ length: blog.pageCount }, (_, i) => ({ path: blogPagePath(i + 1), seo: indexable, ...(newest && { updated: newest }) })),
    ...blog.posts.map((p) => ({ path: postPath(p.slug), seo: indexable, updated: p.updatedAt })),
    ...blog.tags.flatMap((t) =>
      Array.from({ length: t.pageCount }, (_, i) => ({ path: tagPagePath(t.slug, i + 1), seo: indexable, updated: t.updatedAt })),
    ),
    ...pages.map((p) => ({ path: `/${p.slug}`, seo: indexable, updated: p.updatedAt })),
  ]
}

/** The staff's robots and canonical overrides decide too: a noindex page leaves the sitemap. */
function withOverride(route: SitemapRoute, override: SeoOverride | undefined): SitemapRoute {
  if (!override) return route
  return {
    ...route,
    seo: {
      noindex: Boolean(route.seo.noindex || override.noindex),
      canonical: override.canonical_url?.trim() || route.seo.canonical,
    },
  }
}

export async function sitemapXml(contentRoutes: RouteInfo[], site: Site, legacyPaths: Record<string, string> = {}): Promise<string> {
  const [published, overrides] = await Promise.all([publishedRoutes(), seoOverrides()])
  // Rows stored under an old spelling of a path (a redirect source) still apply to the page.
  for (const [from, to] of Object.entries(legacyPaths)) {
    const row = overrides.get(from)
    if (row && !overrides.has(to)) overrides.set(to, row)
  }
  const routes = [
    ...contentRoutes.map((r): SitemapRoute => ({ path: r.path, seo: { noindex: !r.indexable }, ...(r.updated && { updated: r.updated }) })),
    ...published,
  ]
  return buildSitemap(
    routes.map((r) => withOverride(r, overrides.get(r.path))).filter((r) => isIndexable(r, site)),
    site,
  )
}

export async function feedXml(site: Site): Promise<string> {
  return buildFeed(await feedPosts(site.siteUrl), site)
}

/** `outDir` is Vite's build.outDir relative to the project root (where `vike build` runs). */
export async function writeSiteFiles(outDir: string, contentRoutes: RouteInfo[], site: Site, legacyPaths: Record<string, string>): Promise<void> {
  const root = resolve(outDir)
  const client = join(root, 'client')
  await mkdir(join(client, BLOG_PATH.slice(1)), { recursive: true })
  await writeFile(join(client, 'sitemap.xml'), await sitemapXml(contentRoutes, site, legacyPaths))
  await writeFile(join(client, FEED_PATH.slice(1)), await feedXml(site))
  await writeFile(join(client, 'robots.txt'), buildRobots(site))
  const legacy = Object.entries(legacyPaths).map(([source, target]) => ({ source, target, status: 301 }))
  await writeFile(join(client, '_redirects'), redirectsFile([...legacy, ...(await cmsRedirects())]))
  await writeFile(join(root, routesFile), `${JSON.stringify(contentRoutes, null, 2)}\n`)
}
