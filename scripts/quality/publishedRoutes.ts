/**
 * The routes staff publish (the blog, its posts and tags, CMS pages) exist only in the CMS, so the report
 * finds them where a crawler does: in the served sitemap, beyond the content routes of routes.json. It
 * measures /blog, every post, the first tag page and every CMS page (tag pages and later blog pages share
 * one layout with /blog).
 */
import { BLOG_PATH, postPath, tagPath } from '../../src/blog/paths'
import type { RouteInfo } from '../../src/seo/siteFiles.server'

export type PublishedKind = 'blog' | 'post' | 'tag' | 'page'
export interface MeasuredRoute extends Omit<RouteInfo, 'kind'> {
  kind: RouteInfo['kind'] | PublishedKind
}

export function kindOf(path: string): PublishedKind {
  if (path === BLOG_PATH || path.startsWith(`${BLOG_PATH}/pagina/`)) return 'blog'
  if (path.startsWith(tagPath(''))) return 'tag'
  if (path.startsWith(postPath(''))) return 'post'
  return 'page'
}

/** The sitemap's paths that no content file makes. */
export async function publishedPaths(origin: string, contentRoutes: RouteInfo[], siteUrl: string): Promise<string[]> {
  const sitemap = await (await fetch(`${origin}/sitemap.xml`)).text()
  const known = new Set(contentRoutes.map((r) => r.path))
  return [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!.slice(siteUrl.length) || '/').filter((path) => !known.has(path))
}

export async function publishedRoutes(origin: string, contentRoutes: RouteInfo[], siteUrl: string): Promise<MeasuredRoute[]> {
  const paths = await publishedPaths(origin, contentRoutes, siteUrl)
  const firstTag = paths.find((p) => kindOf(p) === 'tag')
  return paths
    .filter((p) => p === BLOG_PATH || p === firstTag || kindOf(p) === 'post' || kindOf(p) === 'page')
    .map((path) => ({ path, kind: kindOf(path), name: path, indexable: true }))
}
