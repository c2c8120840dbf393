import { onConsentChange, readConsent } from '../lib/consent'
import { track } from './beacon'
import { whenNearViewport } from './nearViewport'

export const CALENDLY_SCRIPT = 'https://assets.calendly.com/assets/external/widget.js'

/**
 * The booking calendar's behaviour (markup in src/sections/BookingWidget.tsx). The embed sets
 * third-party cookies, so it is inserted (from its <template>) with the booking service's script only
 * while cookies are accepted, and only once the calendar nears the viewport; a withdrawn consent
 * removes both again and brings the placeholder back.
 */
export function bookingWidget(root: HTMLElement): void {
  const placeholder = root.querySelector<HTMLElement>('[data-booking-placeholder]')
  const template = root.querySelector('template')
  if (!placeholder || !template) return
  let shown: { embed: Element; script: HTMLScriptElement } | null = null
  const show = (accepted: boolean) => {
    if (accepted === (shown !== null)) return
    placeholder.hidden = accepted
    if (shown) {
      shown.embed.remove()
      shown.script.remove()
      shown = null
      return
    }
    const embed = template.content.firstElementChild!.cloneNode(true) as Element
    const script = Object.assign(document.createElement('script'), { src: CALENDLY_SCRIPT, async: true })
    root.append(embed)
    document.body.append(script)
    shown = { embed, script }
    track('booking_opened')
  }
  whenNearViewport(root, () => {
    show(readConsent() === 'accepted')
    onConsentChange((c) => show(c === 'accepted'))
  })
}
