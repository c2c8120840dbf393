import { useCallback, useState } from 'react'
import { useUnsavedChanges } from './unsaved'

interface EditorState<T> {
  original: T
  draft: T
  isNew: boolean
}

/**
 * The one item being created or edited in a tab (a list is in view mode or in edit/create mode for
 * one item). It knows whether the draft differs from what was opened, and
 * registers that with the unsaved-changes guard.
 */
export function useEditor<T>() {
  const [state, setState] = useState<EditorState<T> | null>(null)
  const dirty = state !== null && JSON.stringify(state.original) !== JSON.stringify(state.draft)
  useUnsavedChanges(dirty)

  const open = useCallback((item: T, isNew: boolean) => setState({ original: item, draft: item, isNew }), [])
  const close = useCallback(() => setState(null), [])
  const patch = useCallback((changes: Partial<T>) => {
    setState((s) => (s ? { ...s, draft: { ...s.draft, ...changes } } : s))
  }, [])

  return { draft: state?.draft ?? null, original: state?.original ?? null, isNew: state?.isNew ?? false, dirty, open, close, patch }
}
