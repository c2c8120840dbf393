/**
 * The build's non-HTML outputs, written from the route registry: sitemap.xml and robots.txt for
 * crawlers (served from the site root), and routes.json beside the client folder (not served) so
 * `npm run quality` measures exactly the routes the registry holds. Server-only (imports the registry).
 */
import { mkdir, writeFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { entries, site, type Entry } from '../content/registry'
import { buildRobots, buildSitemap, isIndexable, type SitemapRoute } from './sitemap'

/** One public route as `npm run quality` reads it from routes.json. */
export interface RouteInfo {
  path: string
  kind: 'home' | 'service' | 'legal'
  name: string
  indexable: boolean
}

export const routesFile = 'routes.json'

export function sitemapRoute(e: Entry): SitemapRoute {
  return { path: e.path, seo: e.data.seo, ...(e.kind === 'legal' ? { updated: e.data.updated } : {}) }
}

export function routeInfos(list: Entry[] = entries): RouteInfo[] {
  return list.map((e) => ({ path: e.path, kind: e.kind, name: e.data.name, indexable: isIndexable(sitemapRoute(e), site) }))
}

/** `outDir` is Vite's build.outDir relative to the project root (where `vike build` runs). */
export async function writeSiteFiles(outDir: string): Promise<void> {
  const root = resolve(outDir)
  const client = join(root, 'client')
  await mkdir(client, { recursive: true })
  await writeFile(join(client, 'sitemap.xml'), buildSitemap(entries.map(sitemapRoute), site))
  await writeFile(join(client, 'robots.txt'), buildRobots(site))
  await writeFile(join(root, routesFile), `${JSON.stringify(routeInfos(), null, 2)}\n`)
}
