import { TOAST_DURATION_MS } from '../lib/toastLimits'

export interface NoticeInput {
  title: string
  description: string
  variant?: 'default' | 'destructive'
}

const timers = new WeakMap<HTMLElement, number>()

/**
 * Shows a notice in a server-rendered notice area (src/components/ui/Notice.tsx): the public site's
 * DOM counterpart of the admin's toasts, with the same limits (one at a time, the newest replaces the
 * older, closes after TOAST_DURATION_MS or with its close button), so a phone needs no React for it.
 */
export function showNotice(area: HTMLElement, { title, description, variant = 'default' }: NoticeInput): void {
  const card = area.querySelector<HTMLElement>('[data-notice-card]')
  if (!card) return
  card.querySelector('[data-notice-title]')!.textContent = title
  card.querySelector('[data-notice-description]')!.textContent = description
  card.dataset.variant = variant
  card.hidden = false
  const hide = () => {
    card.hidden = true
  }
  card.querySelector('[data-notice-close]')?.addEventListener('click', hide, { once: true })
  window.clearTimeout(timers.get(area))
  timers.set(area, window.setTimeout(hide, TOAST_DURATION_MS))
}
