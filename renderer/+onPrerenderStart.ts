import { redirects, routeInfos, site } from '../src/site-content/registry.server'
import { writeSiteFiles } from '../src/seo/siteFiles.server'
import { outDir } from './buildMode'

// Once per `vike build`, before the pages are written: sitemap.xml, the blog feed, robots.txt and the
// route list, with what the CMS has published (src/cms/backend.server.ts says which backend, if any).
export async function onPrerenderStart() {
  await writeSiteFiles(outDir, routeInfos(), site, redirects)
}
