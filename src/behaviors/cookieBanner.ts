import { onConsentChange, readConsent, writeConsent } from '../lib/consent'

/**
 * The cookie banner's behaviour (its markup is server-rendered, hidden, by CookieBanner.tsx): shown
 * while no choice is stored. Any button on the page marked data-consent="accept" | "reject" (the
 * banner's, the booking placeholder's) stores the choice, which closes the banner; any
 * [data-cookie-settings] control (the footer's "Configurar cookies") shows it again. Listening on the
 * document means those buttons work before any island has hydrated.
 */
export function cookieBanner(banner: HTMLElement): void {
  if (readConsent() === 'unset') banner.hidden = false
  onConsentChange(() => {
    banner.hidden = true
  })
  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null
    const choice = target?.closest<HTMLElement>('[data-consent]')
    if (choice) writeConsent(choice.dataset.consent === 'accept')
    else if (target?.closest('[data-cookie-settings]')) banner.hidden = false
  })
}
