// Runs at build time (prerender) even though /admin renders only in the browser: Vike serialises the
// result into the page, so the server-only route registry never reaches the admin bundle.
import { entries, redirects, site } from '../../src/content/registry'
import { absoluteUrl, pageTitle } from '../../src/seo/head'
import type { SeoPage } from '../../src/admin/seo/seoPages'

export function data(): { seoPages: SeoPage[] } {
  const seoPages = entries
    .filter((e) => e.kind === 'home' || e.kind === 'service')
    .map((e) => ({
      path: e.path,
      legacyPaths: Object.entries(redirects).filter(([, to]) => to === e.path).map(([from]) => from),
      defaults: { title: pageTitle(e.data.seo.title, site), description: e.data.seo.description, url: absoluteUrl(e.path, site) },
    }))
    .sort((a, b) => a.path.localeCompare(b.path))
  return { seoPages }
}

export type Data = ReturnType<typeof data>
