// How a page view's origin is reduced before it is stored: the path without its query string, the
// referrer's host alone ("directo" when there is none; none at all for the site's own pages, a visit going
// on), and the landing URL's utm_* values. Nothing else of either URL is kept.

export const UTM_KEYS = ['utm_source', 'utm_medium', 'utm_campaign', 'utm_term', 'utm_content'] as const
export type Utm = Partial<Record<(typeof UTM_KEYS)[number], string>>

const MAX_UTM_LENGTH = 200
// Printable text only: a value with control characters (\p{Cc}) or markup is not a name anyone typed.
const PLAIN = /^[^\p{Cc}<>"'`]+$/u

/** The path as the site routes it: no query or fragment, no trailing slash (but "/"), decoded once. */
export function normalisePath(path: string): string | null {
  const bare = path.split(/[?#]/, 1)[0]!
  if (!bare.startsWith('/') || bare.startsWith('//')) return null
  let decoded: string
  try {
    decoded = decodeURIComponent(bare)
  } catch {
    return null
  }
  if (!PLAIN.test(decoded) || decoded.length > 512) return null
  return decoded.length > 1 ? decoded.replace(/\/+$/, '') || '/' : decoded
}

/** The referrer's host, lower case: "directo" with none or one that is no http(s) URL, null for the site's own. */
export function referrerHost(referrer: string | undefined, siteHost: string): string | null {
  if (!referrer) return 'directo'
  let url: URL
  try {
    url = new URL(referrer)
  } catch {
    return 'directo'
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'directo'
  const host = url.hostname.toLowerCase()
  return host === siteHost.toLowerCase() ? null : host.slice(0, 253)
}

/** The utm_* values of a query string that look like what a person typed; the rest is dropped. */
export function utmOf(query: string | undefined): Utm {
  const utm: Utm = {}
  if (!query) return utm
  const params = new URLSearchParams(query)
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim()
    if (value && value.length <= MAX_UTM_LENGTH && PLAIN.test(value)) utm[key] = value
  }
  return utm
}
