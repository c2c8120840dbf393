/**
 * The first path segments the site already answers, which a dynamic page's slug or a redirect may never
 * take (docs/decisions/0073-site-routes-written-at-start.md). Derived, not listed: content routes and
 * redirect sources come from the route registry, the app's own routes from the pages/ folder Vike routes
 * by (siteRoutes.server.ts). The build writes the list to dist/site-routes.json and the site server writes
 * it into public.site_routes at start (src/host/site/siteRoutes.ts). Pure.
 */

/** Beside the client folder in dist/, not served. */
export const siteRoutesFile = 'site-routes.json'

export type SiteRouteSource = 'page' | 'redirect' | 'app' | 'server'
export interface SiteRoute {
  slug: string
  source: SiteRouteSource
}

/**
 * Paths the Node server answers before any page (src/backend and src/host: /rest/v1, /auth/v1 and the folders of
 * public/), plus `api` for server endpoints. Vike cannot see these, so they are named here.
 */
const serverSegments = ['rest', 'auth', 'api', 'assets', 'images'] as const

/** "/pages/(site)/blog/@slug/+Page.tsx" -> "blog"; groups "(…)" skipped, params, index and _error ignored. */
export function firstSegmentOfPageFile(file: string): string | undefined {
  const parts = file
    .replace(/^\/?pages\//, '')
    .split('/')
    .slice(0, -1)
    .filter((p) => !/^\(.*\)$/.test(p))
  const first = parts[0]
  if (!first || first.startsWith('@') || first.startsWith('_') || first === 'index') return undefined
  return first
}

const firstSegment = (path: string) => path.split('/')[1] ?? ''

export function buildSiteRoutes(input: { pagePaths: string[]; redirectSources: string[]; pageFiles: string[] }): SiteRoute[] {
  const routes = new Map<string, SiteRouteSource>()
  const add = (slug: string | undefined, source: SiteRouteSource) => {
    if (slug && !routes.has(slug)) routes.set(slug, source)
  }
  for (const p of input.pagePaths) add(firstSegment(p), 'page')
  for (const p of input.redirectSources) add(firstSegment(p), 'redirect')
  for (const f of input.pageFiles) add(firstSegmentOfPageFile(f), 'app')
  for (const s of serverSegments) add(s, 'server')
  return [...routes].map(([slug, source]) => ({ slug, source })).sort((a, b) => a.slug.localeCompare(b.slug))
}
