import { BEACON_PATH, type Beacon, type BeaconKind } from '../analytics/events'

/**
 * Cookie-free analytics from the page (docs/decisions/0091-cookie-free-analytics.md): one beacon per event
 * to the site's own server, with nothing but the event, the path and, for a page view, the referrer and the
 * query string (the server keeps the referrer's host and the utm_* values alone). Nothing is written to
 * cookies or any storage; the visitor is recognised by the server, for one day, from a salted hash.
 */
export function track(kind: BeaconKind, origin?: Pick<Beacon, 'r' | 'q'>): void {
  const body = JSON.stringify({ k: kind, p: location.pathname, ...origin })
  if (navigator.sendBeacon?.(BEACON_PATH, body)) return
  fetch(BEACON_PATH, { method: 'POST', body, keepalive: true, headers: { 'Content-Type': 'text/plain' } }).catch(() => undefined)
}

const CONTACT_LINKS: [RegExp, BeaconKind][] = [
  [/^mailto:/i, 'email_click'],
  [/^tel:/i, 'phone_click'],
  [/^https:\/\/(wa\.me|api\.whatsapp\.com)\//i, 'whatsapp_click'],
]

/**
 * Counts this page view once the page is shown (a prerendered page when it is activated, never before), then
 * the conversions a visitor makes here: contact links followed, and the lead form seen and started.
 */
export function countVisit(): void {
  const doc = document as Document & { prerendering?: boolean }
  if (doc.prerendering) return void doc.addEventListener('prerenderingchange', countVisit, { once: true })
  track('pageview', { r: document.referrer || undefined, q: location.search || undefined })
  document.addEventListener('click', (event) => {
    const href = (event.target as Element | null)?.closest?.('a[href]')?.getAttribute('href') ?? ''
    const kind = CONTACT_LINKS.find(([pattern]) => pattern.test(href))?.[1]
    if (kind) track(kind)
  })
  for (const form of document.querySelectorAll('form[data-behavior="lead-form"]')) {
    const seen = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      seen.disconnect()
      track('form_seen')
    })
    seen.observe(form)
    form.addEventListener('input', () => track('form_started'), { once: true })
  }
}
