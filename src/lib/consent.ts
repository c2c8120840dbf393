/**
 * Cookie consent (docs/decisions/0006-consent-gated-booking.md: localStorage "cookiesAccepted" = "true" | "false"), with
 * events so that the banner, the booking widget and the footer's "Configurar cookies" stay in step.
 */
export const CONSENT_KEY = 'cookiesAccepted'
const CHANGE_EVENT = 'consent:change'

export type Consent = 'accepted' | 'rejected' | 'unset'

export function readConsent(): Consent {
  try {
    const v = window.localStorage.getItem(CONSENT_KEY)
    return v === 'true' ? 'accepted' : v === 'false' ? 'rejected' : 'unset'
  } catch {
    return 'unset'
  }
}

export function writeConsent(accepted: boolean): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, String(accepted))
  } catch {
    // Storage may be blocked (private mode); the choice still applies to this page view.
  }
  window.dispatchEvent(new CustomEvent<Consent>(CHANGE_EVENT, { detail: accepted ? 'accepted' : 'rejected' }))
}

export function onConsentChange(listener: (c: Consent) => void): () => void {
  const handler = (e: Event) => listener((e as CustomEvent<Consent>).detail)
  window.addEventListener(CHANGE_EVENT, handler)
  return () => window.removeEventListener(CHANGE_EVENT, handler)
}
