/**
 * Builds a site (the product, or the client-rendered baseline) unless its last build is newer than
 * every source file, and reads the route list that build wrote (src/seo/siteFiles.server.ts).
 */
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { outDirs } from '../../renderer/buildMode'
import type { RouteInfo } from '../../src/seo/siteFiles.server'

export type SiteVariant = keyof typeof outDirs

export const outDirOf = outDirs

const sources = ['src', 'pages', 'renderer', 'content', 'public', 'vite.config.ts', 'package-lock.json']

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0
  const stat = statSync(path)
  if (!stat.isDirectory()) return stat.mtimeMs
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))))
}

function routesFileOf(variant: SiteVariant): string {
  return join(outDirOf[variant], 'routes.json')
}

/** When the last complete build finished: the route list is written first and the pages last. */
function builtAt(variant: SiteVariant): number {
  const outputs = [routesFileOf(variant), join(outDirOf[variant], 'client', 'index.html'), join(outDirOf[variant], 'client', '404.html')]
  return Math.min(...outputs.map((f) => (existsSync(f) ? statSync(f).mtimeMs : 0)))
}

export function buildIfStale(variant: SiteVariant, log: (line: string) => void): void {
  if (builtAt(variant) > Math.max(...sources.map(newestMtime))) {
    log(`${variant}: the build in ${outDirOf[variant]}/ is up to date`)
    return
  }
  log(`${variant}: building (vike build) into ${outDirOf[variant]}/ ...`)
  // The baseline switch (renderer/buildMode.ts) and its own output folder; VITE_CONFIG takes precedence over vite.config.ts.
  const env = variant === 'baseline'
    ? { ...process.env, QUALITY_BASELINE: '1', VITE_CONFIG: JSON.stringify({ build: { outDir: outDirOf.baseline } }) }
    : { ...process.env, QUALITY_BASELINE: '' }
  const result = spawnSync('npx', ['vike', 'build'], { env, stdio: ['ignore', 'ignore', 'inherit'] })
  if (result.status !== 0) throw new Error(`vike build (${variant}) failed with code ${result.status}`)
}

export function readRoutes(variant: SiteVariant): RouteInfo[] {
  return JSON.parse(readFileSync(routesFileOf(variant), 'utf8')) as RouteInfo[]
}
