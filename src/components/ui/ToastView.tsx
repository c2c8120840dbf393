import * as ToastPrimitive from '@radix-ui/react-toast'
import { useEffect, useRef, useState, type CSSProperties, type RefObject } from 'react'
import { Icon } from './Icon'
import { cn } from '../../lib/cn'
import { dismissToast, removeToast, TOAST_DURATION_MS, type Toast } from '../../lib/toast'
import { uiText } from '../../lib/uiText'

/**
 * Renders the toasts of src/lib/toast.ts with Radix Toast: swipe right (50 px) to dismiss, F8 focuses the notice
 * area. The area sits at the top, away from a form's Guardar and Cancelar at its bottom, so the pointer on its
 * way to them never hovers a notice (which would pause it): on a phone across the top edge, over the header's
 * heading; from the sm breakpoint at the right, at most 420 px wide, below the page's header while that is on
 * screen (its right holds the account's actions), at the top edge once it has scrolled away.
 *
 * No place is free of controls on every screen (below the header sits the panel's tab list, whose end a notice
 * covered), so from the sm breakpoint a notice lets the pointer through to what is under it: only its close and
 * action buttons take it. A pointer on its way to a tab under a notice thus neither misses the tab nor hovers the
 * notice (which would pause it, so it stayed over the tab). On a phone the notice takes the pointer, for its swipe.
 *
 * Radix pauses every notice's timer while the pointer or focus is in the area, and forgets to resume when the
 * last notice goes while paused (it stops listening then): a notice closed with the pointer or the keyboard left
 * every later notice on screen. So focus goes back where it was before the area took it, and each new run of
 * notices gets a Provider of its own, whose pause starts cleared.
 */
export default function ToastView({ toasts }: { toasts: Toast[] }) {
  const run = useRun(toasts.length === 0)
  const top = useTopBelowHeader(toasts.length > 0)
  const viewportRef = useRef<HTMLOListElement>(null)
  const focusBefore = useFocusBefore(viewportRef)

  /** Closing moves focus out of the area (Radix puts it on the area itself), which also resumes the timers. */
  const giveFocusBack = () => {
    const area = viewportRef.current?.parentElement
    const active = document.activeElement
    if (!area || !(active instanceof HTMLElement) || !area.contains(active)) return
    const before = focusBefore.current
    if (before?.isConnected && !area.contains(before)) before.focus({ preventScroll: true })
    else active.blur()
  }

  return (
    <ToastPrimitive.Provider key={run} duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={50} label="Notificación">
      {toasts.map((t) => (
        <ToastPrimitive.Root
          key={t.id}
          open={t.open}
          onOpenChange={(open) => {
            if (open) return
            giveFocusBack()
            dismissToast(t.id)
          }}
          onAnimationEnd={() => {
            if (!t.open) removeToast(t.id)
          }}
          type={t.variant === 'destructive' ? 'foreground' : 'background'}
          className={cn(
            'group pointer-events-auto relative flex sm:pointer-events-none w-full items-start justify-between gap-3 overflow-hidden rounded-xl border p-4 pr-8 shadow-lg',
            'data-[state=open]:animate-fade-up data-[state=closed]:opacity-0 data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full transition-[opacity,transform]',
            t.variant === 'destructive' ? 'border-red-800 bg-red-700 text-white' : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm">{t.description}</ToastPrimitive.Description>}
          </div>
          {t.action && (
            <ToastPrimitive.Action
              altText={t.action.label}
              onClick={t.action.onClick}
              className="pointer-events-auto shrink-0 rounded-md border border-current/30 px-3 py-1 text-sm font-medium hover:bg-current/10"
            >
              {t.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close
            aria-label={uiText.close}
            className="pointer-events-auto absolute right-2 top-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <Icon name="x" className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewportRef}
        label="Notificaciones ({hotkey})"
        style={{ '--notice-top': `${top}px` } as CSSProperties}
        className="pointer-events-none fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-3 sm:top-(--notice-top) sm:max-w-[420px] sm:p-4"
      />
    </ToastPrimitive.Provider>
  )
}

/** A number that changes each time a notice arrives in an empty area: the Provider's key. */
function useRun(empty: boolean): number {
  const [run, setRun] = useState({ count: 0, empty })
  if (run.empty !== empty) setRun({ count: empty ? run.count : run.count + 1, empty })
  return run.count
}

/**
 * The page header's bottom edge on screen: 0 once it has scrolled away, or on a page without one. Measured again
 * on scroll, on resize and when the page's size changes (signing in at /auth shows its notice, then /admin
 * renders its header).
 */
function useTopBelowHeader(active: boolean): number {
  const [top, setTop] = useState(0)
  useEffect(() => {
    if (!active) return
    let frame = 0
    const measure = () => {
      frame = 0
      const header = document.querySelector('header')
      setTop(header ? Math.max(0, Math.round(header.getBoundingClientRect().bottom)) : 0)
    }
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure)
    }
    const resized = new ResizeObserver(schedule)
    resized.observe(document.body)
    window.addEventListener('scroll', schedule, { passive: true })
    window.addEventListener('resize', schedule)
    return () => {
      cancelAnimationFrame(frame)
      resized.disconnect()
      window.removeEventListener('scroll', schedule)
      window.removeEventListener('resize', schedule)
    }
  }, [active])
  return top
}

/** The element that had focus when focus entered the notice area (F8, Tab, or a press on a notice). */
function useFocusBefore(viewportRef: RefObject<HTMLOListElement | null>): RefObject<HTMLElement | null> {
  const before = useRef<HTMLElement | null>(null)
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const area = viewportRef.current?.parentElement
      const from = event.relatedTarget
      if (area && event.target instanceof Node && area.contains(event.target) && !(from instanceof Node && area.contains(from)))
        before.current = from instanceof HTMLElement ? from : null
    }
    document.addEventListener('focusin', onFocusIn)
    return () => document.removeEventListener('focusin', onFocusIn)
  }, [viewportRef])
  return before
}
