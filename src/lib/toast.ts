/**
 * The one notice system (docs/decisions/0007-one-notice-system.md): at most one toast visible, the newest replaces the older.
 * A module-level store, so any island or admin screen can call toast() and the Toaster shows it.
 */
import { useSyncExternalStore } from 'react'
import { TOAST_LIMIT } from './toastLimits'

export { TOAST_DURATION_MS, TOAST_LIMIT } from './toastLimits'

export interface ToastAction {
  label: string
  onClick: () => void
}
export interface ToastInput {
  title: string
  description?: string
  action?: ToastAction
  variant?: 'default' | 'destructive'
}
export interface Toast extends ToastInput {
  id: string
  open: boolean
}

let counter = 0
let toasts: Toast[] = []
const listeners = new Set<() => void>()

function emit(next: Toast[]) {
  toasts = next
  for (const l of listeners) l()
}

export function toast(input: ToastInput): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER
  const id = String(counter)
  emit([{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT))
  return id
}

/** Starts the exit animation; the Toaster removes the toast when it ends. */
export function dismissToast(id: string) {
  emit(toasts.map((t) => (t.id === id ? { ...t, open: false } : t)))
}

export function removeToast(id: string) {
  emit(toasts.filter((t) => t.id !== id))
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function getToasts(): Toast[] {
  return toasts
}

const none: Toast[] = []
export function useToasts(): Toast[] {
  return useSyncExternalStore(subscribe, getToasts, () => none)
}
