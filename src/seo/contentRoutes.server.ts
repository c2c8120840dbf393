/**
 * The content routes (the files of content/, from the registry) as the sitemap and routes.json see them.
 * Server-only (imports the registry).
 */
import { entries, site, type Entry } from '../siteContent/registry.server'
import type { RouteInfo } from './siteFiles.server'
import { isIndexable, type SitemapRoute } from './sitemap'

/** A content route as the sitemap sees it: its own robots and canonical, and its last change if stated. */
export function sitemapRoute(e: Entry): SitemapRoute {
  return { path: e.path, seo: e.data.seo, ...(e.kind === 'legal' ? { updated: e.data.updated } : {}) }
}

/** The content routes as routes.json records them (./siteFiles.server.ts). */
export function routeInfos(list: Entry[] = entries): RouteInfo[] {
  return list.map((e) => {
    const route = sitemapRoute(e)
    return { path: e.path, kind: e.kind, name: e.data.name, indexable: isIndexable(route, site), ...(route.updated && { updated: route.updated }) }
  })
}
