import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { config } from '../src/config.server'
import { serviceClient } from '../src/host/serviceClient.server'
import { writeSiteRoutes } from '../src/host/site/siteRoutes'
import { redirects, site } from '../src/siteContent/registry.server'
import { routeInfos } from '../src/seo/contentRoutes.server'
import { siteRoutesFile } from '../src/siteContent/siteRoutes'
import { siteRoutes } from '../src/siteContent/siteRoutes.server'
import { writeSiteFiles } from '../src/seo/siteFiles.server'
import { outDir } from './buildMode'

// Once per `vike build`, before the pages are written: sitemap.xml, the blog feed, robots.txt and the
// route list, with what the CMS has published (src/cms/backend.server.ts says which backend, if any); and
// the taken first path segments, which `npm start` writes into public.site_routes. A static deploy has no
// server to do that, so a build given the hosted project's service key writes them itself.
export async function onPrerenderStart() {
  await writeSiteFiles(outDir, routeInfos(), site, redirects)
  await writeFile(join(outDir, siteRoutesFile), `${JSON.stringify(siteRoutes, null, 2)}\n`)
  const { SUPABASE_URL, SUPABASE_SERVICE_ROLE_KEY } = config()
  if (SUPABASE_URL && SUPABASE_SERVICE_ROLE_KEY)
    await writeSiteRoutes(serviceClient({ url: SUPABASE_URL, key: SUPABASE_SERVICE_ROLE_KEY }), siteRoutes)
}
