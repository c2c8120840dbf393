// The business facts and content routes the live sitemap and feed need, read from the same files the
// build reads (content/site.yaml, validated by the content schema; the build's routes.json).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'
import { siteSchema, type Site } from '../../siteContent/schema.ts'
import type { RouteInfo } from '../../seo/siteFiles.server.ts'

export function readSite(root: string): Site {
  return siteSchema.parse(parseYaml(readFileSync(join(root, 'content', 'site.yaml'), 'utf8')))
}

/** The content routes the last `vike build` wrote (dist/routes.json). */
export function readContentRoutes(distDir: string): RouteInfo[] {
  return JSON.parse(readFileSync(join(distDir, 'routes.json'), 'utf8')) as RouteInfo[]
}
