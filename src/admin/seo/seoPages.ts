/**
 * A page the SEO tab offers. The list is derived at build time from the route registry
 * (pages/admin/+data.ts), so it always matches the real routes; legacyPaths are old spellings that
 * redirect to the page (content/redirects.ts), whose stored SEO rows are still honoured.
 */
export interface SeoPage {
  path: string
  legacyPaths: string[]
  /** The page's own head data, shown in the search preview while a field is empty. */
  defaults: { title: string; description: string; url: string }
}
