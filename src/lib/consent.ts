/**
 * Cookie consent (docs/decisions/0006-consent-gated-booking.md: localStorage "cookiesAccepted" = "true" | "false"), with
 * events so that the banner, the booking widget and the footer's "Configurar cookies" stay in step. A choice lasts
 * 24 months (docs/decisions/0106-cookie-choice-lasts-24-months.md): its date is kept beside it, and an older choice
 * counts as none, so the banner asks again.
 */
export const CONSENT_KEY = 'cookiesAccepted'
const CONSENT_DATE_KEY = 'cookiesAcceptedAt'
const CONSENT_MONTHS = 24
const CHANGE_EVENT = 'consent:change'

export type Consent = 'accepted' | 'rejected' | 'unset'

/** Whether a choice made at `madeAt` (ms) has outlived its 24 months at `now`. */
function consentExpired(madeAt: number, now: Date = new Date()): boolean {
  const limit = new Date(madeAt)
  limit.setMonth(limit.getMonth() + CONSENT_MONTHS)
  return now >= limit
}

export function readConsent(): Consent {
  try {
    const v = window.localStorage.getItem(CONSENT_KEY)
    if (v !== 'true' && v !== 'false') return 'unset'
    const madeAt = Number(window.localStorage.getItem(CONSENT_DATE_KEY))
    // A choice stored before choices were dated: its 24 months start now.
    if (!Number.isFinite(madeAt) || madeAt <= 0) window.localStorage.setItem(CONSENT_DATE_KEY, String(Date.now()))
    else if (consentExpired(madeAt)) return 'unset'
    return v === 'true' ? 'accepted' : 'rejected'
  } catch {
    return 'unset'
  }
}

export function writeConsent(accepted: boolean): void {
  try {
    window.localStorage.setItem(CONSENT_KEY, String(accepted))
    window.localStorage.setItem(CONSENT_DATE_KEY, String(Date.now()))
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
