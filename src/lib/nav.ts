/** Link rules shared by the header, footer and sections. */

/** SPEC.md: a nav href that does not start with "/" is sent to "/#{href}". */
export function navHref(href: string): string {
  if (href.startsWith('/')) return href
  return `/#${href.replace(/^#/, '')}`
}

/** A section link: "#id" when that section is on this page (smooth scroll), "/#id" otherwise. */
export function sectionHref(id: string, idsOnPage: readonly string[]): string {
  return idsOnPage.includes(id) ? `#${id}` : `/#${id}`
}
