/**
 * The unsaved-changes guard. Vike has no navigation guard of its own, so the admin keeps one: every
 * open form with changes registers here; while any is registered the browser asks before the page is
 * closed or reloaded (beforeunload), and the panel's own ways out (switching tab, Cancelar, changing
 * the selected page, signing out) ask through useLeaveGuard().
 */
import { useCallback, useEffect } from 'react'
import { useConfirm } from './confirm'

const dirtyForms = new Set<symbol>()

function onBeforeUnload(event: BeforeUnloadEvent) {
  event.preventDefault()
  // Older Chromium only shows the prompt when returnValue is set.
  event.returnValue = ''
}

export function useUnsavedChanges(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return
    const token = Symbol('dirty form')
    if (dirtyForms.size === 0) window.addEventListener('beforeunload', onBeforeUnload)
    dirtyForms.add(token)
    return () => {
      dirtyForms.delete(token)
      if (dirtyForms.size === 0) window.removeEventListener('beforeunload', onBeforeUnload)
    }
  }, [dirty])
}

/** Resolves true when it is fine to leave: nothing unsaved, or the user chose to discard it. */
export function useLeaveGuard(): () => Promise<boolean> {
  const confirm = useConfirm()
  return useCallback(async () => {
    if (dirtyForms.size === 0) return true
    return confirm({
      title: 'Hay cambios sin guardar',
      description: 'Si continúas, se perderán los cambios que no has guardado.',
      confirmLabel: 'Descartar cambios',
      destructive: true,
    })
  }, [confirm])
}
