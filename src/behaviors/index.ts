/**
 * Behaviours: the interactive parts simple enough to need no React (a few lines of DOM code each).
 * Their markup is server-rendered; an element opts in with data-behavior="name". They run once the page
 * has been painted (renderer/siteScript.ts), so a phone gets its menu, cookie banner, booking calendar and
 * copy button without downloading React.
 */
import { bookingWidget } from './bookingWidget'
import { cookieBanner } from './cookieBanner'
import { leadForm } from './leadForm'
import { copyEmail } from './copyEmail'
import { logNotFound } from './logNotFound'
import { mobileMenu } from './mobileMenu'
import { scrollState } from './scrollState'

const behaviors = {
  'booking-widget': bookingWidget,
  'cookie-banner': cookieBanner,
  'copy-email': copyEmail,
  'lead-form': leadForm,
  'mobile-menu': mobileMenu,
  'log-not-found': logNotFound,
} satisfies Record<string, (el: HTMLElement) => void>
export type BehaviorName = keyof typeof behaviors

export function runBehaviors(root: ParentNode = document): void {
  scrollState()
  for (const el of root.querySelectorAll<HTMLElement>('[data-behavior]')) {
    const name = el.dataset.behavior
    if (name && Object.hasOwn(behaviors, name)) behaviors[name as BehaviorName](el)
    else console.error(`Comportamiento desconocido: ${name}`)
  }
}
