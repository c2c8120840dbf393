// Runs at build time (prerender) even though /admin renders only in the browser: Vike serialises the
// result into the page, so the server-only route registry never reaches the admin bundle.
import { entries, redirects, serviceChoices, site } from '../../src/siteContent/registry.server'
import type { SeoCatalog, SeoPage } from '../../src/admin/seo/seoPages'
import { BLOG_PATH } from '../../src/blog/paths'
import { blogIndexSeo } from '../../src/seo/blog'
import { textPlacePagesOf, type TextPlacePage } from '../../src/admin/textPlaces/textPlacePages'
import type { ServiceChoice } from '../../src/siteContent/registry.server'

export function data(): {
  seo: SeoCatalog
  textPlacePages: TextPlacePage[]
  services: ServiceChoice[]
  /** content/redirects.ts, shown read-only in Redirecciones. */
  legacyRedirects: [string, string][]
} {
  const pages = entries.map((e): SeoPage => ({
    path: e.path,
    legacyPaths: Object.entries(redirects)
      .filter(([, to]) => to === e.path)
      .map(([from]) => from),
    group: e.kind === 'legal' ? 'Textos legales' : 'Páginas',
    seo: e.data.seo,
  }))
  pages.push({ path: BLOG_PATH, legacyPaths: [], group: 'Blog', seo: blogIndexSeo(site, 1) })
  const textPlacePages = textPlacePagesOf(entries.flatMap((e) => (e.kind === 'legal' ? [] : [e])))
  return { seo: { site, pages }, textPlacePages, services: serviceChoices, legacyRedirects: Object.entries(redirects) }
}

export type Data = ReturnType<typeof data>
