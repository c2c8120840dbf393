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

/**
 * Lets the browser paint and answer input between two behaviours' start-up (`scheduler.yield` where the
 * browser has it): on a slow phone each start is a short task of its own, not one long one that blocks the
 * page just after its first paint.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve))
}

/** Starts every behaviour of `root`, one task each; resolves once all have started. */
export async function runBehaviors(root: ParentNode = document): Promise<void> {
  scrollState()
  for (const el of root.querySelectorAll<HTMLElement>('[data-behavior]')) {
    await yieldToBrowser()
    const name = el.dataset.behavior
    if (name && Object.hasOwn(behaviors, name)) behaviors[name as BehaviorName](el)
    else console.error(`Comportamiento desconocido: ${name}`)
  }
}
