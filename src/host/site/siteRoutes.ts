// The database's copy of the site's routes (public.site_routes), which the slug rules of `pages` and
// `redirects` check. The build writes the list the route registry derives (dist/site-routes.json); the
// site server writes it into the database at start, as the service role, so a new content file needs no
// migration (docs/decisions/0073-site-routes-written-at-start.md).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types.ts'
import { siteRoutesFile, type SiteRoute } from '../../siteContent/siteRoutes.ts'

export function readSiteRoutes(distDir: string): SiteRoute[] {
  return JSON.parse(readFileSync(join(distDir, siteRoutesFile), 'utf8')) as SiteRoute[]
}

/**
 * Makes public.site_routes exactly `routes`: new ones first (an upsert), then those the site no longer
 * serves are removed, so no moment leaves a served route unprotected.
 */
export async function writeSiteRoutes(service: SupabaseClient<Database>, routes: SiteRoute[]): Promise<void> {
  const added = await service.from('site_routes').upsert(routes, { onConflict: 'slug' })
  if (added.error) throw new Error(`public.site_routes: ${added.error.message}`)
  const slugs = routes.map((r) => r.slug)
  const removed = await service
    .from('site_routes')
    .delete()
    .not('slug', 'in', `(${slugs.join(',')})`)
  if (removed.error) throw new Error(`public.site_routes: ${removed.error.message}`)
}
