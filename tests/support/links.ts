// The links CMS content may carry, as both the admin's check (src/siteContent/links.ts) and the database's
// (menu paths, migration 20261122000400) must judge them: one list, so that the two are held to the same rule.

/** A site path, an anchor on it, or an http(s) URL. */
export const ACCEPTED_LINKS = ['/', '/shopify', '/#contacto', '#contacto', 'https://www.example.com/a?b=1#c', 'http://example.com']

/** Scripts, other schemes, protocol-relative and malformed addresses, and what is not a path at all. */
export const REFUSED_LINKS = [
  'javascript:alert(1)',
  'JavaScript:alert(1)',
  ' javascript:alert(1)',
  'java\nscript:x',
  'data:text/html,<script>alert(1)</script>',
  '//evil.example',
  '/\\evil.example',
  'vbscript:x',
  'shopify',
  '/con espacio',
  'https://',
  'mailto:hola@example.com',
]
