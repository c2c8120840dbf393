import { writeSiteFiles } from '../src/seo/siteFiles'
import { outDir } from './buildMode'

// Once per `vike build`, before the pages are written: sitemap.xml, robots.txt and the route list.
export async function onPrerenderStart() {
  await writeSiteFiles(outDir)
}
