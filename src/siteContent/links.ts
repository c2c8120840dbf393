/**
 * Which links CMS content may carry. A link is printed into every visitor's page, so anything that is
 * not plainly a place on this site or a web address is refused: javascript:, data:, vbscript:, "//host"
 * (browsers read it as another site) and backslashes (read as slashes). The database holds the same
 * rule for menu paths (public.is_menu_path in supabase/migrations/20261122000400_cms_content_rules.sql);
 * tests/unit/links.test.ts and the contract tests check both with the same cases.
 */

/** "/", "/path…", "#anchor" or an http(s) URL with a host. */
export function isSiteOrWebLink(href: string): boolean {
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\\\u0000-\u001f\u007f]/.test(href)) return false
  return /^\/($|[^/])/.test(href) || /^#[A-Za-z][A-Za-z0-9_-]*$/.test(href) || /^https?:\/\/[^/?#]+/.test(href)
}

/** Links inside a paragraph may also write an e-mail or call a phone. */
export function isInlineLink(href: string): boolean {
  return isSiteOrWebLink(href) || /^mailto:[^\s@]+@[^\s@]+$/.test(href) || /^tel:\+?[\d ()-]+$/.test(href)
}

export function isExternal(href: string): boolean {
  return /^https?:\/\//.test(href)
}

export const linkRuleText = 'usa una ruta del sitio (/shopify), un ancla (/#contacto) o una URL http(s)'
