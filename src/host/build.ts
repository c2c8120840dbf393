// `npm start` builds the site when dist/ is missing or older than its sources (SKIP_BUILD turns that off).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

// What the site is built from; the servers' own files (src/backend, src/host, supabase) do not need a rebuild.
const SITE_SOURCES = ['pages', 'renderer', 'src', 'content', 'public', 'vite.config.ts', 'package.json']

/** Runs `vike build` in `root` when its dist/client is older than the newest source; a failed build is said. */
export function buildSiteIfStale(root: string): void {
  const index = join(root, 'dist', 'client', 'index.html')
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0
  const changedAt = Math.max(...SITE_SOURCES.map((source) => newestChange(root, join(root, source))))
  if (builtAt >= changedAt) return
  console.log(builtAt ? '[start] sources changed since the last build: running `vike build`…' : '[start] no build yet: running `vike build`…')
  const result = spawnSync('npx', ['vike', 'build'], { cwd: root, stdio: 'inherit' })
  if (result.status !== 0) console.error('[start] `vike build` failed; serving the previous build if there is one.')
}

function newestChange(root: string, path: string): number {
  if (!existsSync(path)) return 0
  const stats = statSync(path)
  if (!stats.isDirectory()) return stats.mtimeMs
  if (path === join(root, 'src', 'backend') || path === join(root, 'src', 'host')) return 0
  return Math.max(stats.mtimeMs, ...readdirSync(path).map((name) => newestChange(root, join(path, name))))
}
