/** Link rules shared by the header, footer and sections. */

/** A nav href that does not start with "/" names a home-page section: it is sent to "/#{href}" from any page. */
export function navHref(href: string): string {
  if (href.startsWith('/')) return href
  return `/#${href.replace(/^#/, '')}`
}

/** A section link: "#id" when that section is on this page (smooth scroll), "/#id" otherwise. */
export function sectionHref(id: string, idsOnPage: readonly string[]): string {
  return idsOnPage.includes(id) ? `#${id}` : `/#${id}`
}
