/**
 * `npm run routes:sql`: writes a migration that replaces the database's copy of the site's routes
 * (public.site_routes) with the list src/site-content/siteRoutes.server.ts derives, when that list changed. The
 * registry needs Vite (MDX, import.meta.glob), so it is loaded through Vite's SSR module loader with
 * the test configuration's plugins.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { createServer } from 'vite'

const root = new URL('../', import.meta.url).pathname
const migrations = join(root, 'supabase', 'migrations')

const vite = await createServer({
  root,
  configFile: join(root, 'vitest.config.ts'),
  server: { middlewareMode: true, hmr: false },
  appType: 'custom',
  logLevel: 'error',
})
try {
  const mod = (await vite.ssrLoadModule('/src/site-content/siteRoutes.server.ts')) as typeof import('../src/site-content/siteRoutes.server')
  const sql = mod.siteRoutesSql(mod.siteRoutes)
  const latest = await latestRoutesSql(mod.siteRoutesMarker)
  if (latest === sql) {
    console.log('public.site_routes ya está al día: no hace falta otra migración.')
  } else {
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14)
    const file = join(migrations, `${stamp}_site_routes.sql`)
    await writeFile(
      file,
      `-- The site's routes, from src/site-content/siteRoutes.server.ts (docs/decisions/0041-site-routes-in-the-database.md).\n${sql}`,
    )
    console.log(`Escrita ${file}: aplícala con la base de datos (npm start lo hace; en Supabase, supabase db push).`)
  }
} finally {
  await vite.close()
}

/** The routes part of the newest migration that sets them. */
async function latestRoutesSql(marker: string): Promise<string | undefined> {
  for (const file of (await readdir(migrations)).sort().reverse()) {
    const text = await readFile(join(migrations, file), 'utf8')
    const at = text.indexOf(marker)
    if (at >= 0) return text.slice(at)
  }
  return undefined
}
