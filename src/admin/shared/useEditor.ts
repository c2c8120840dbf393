import { useCallback, useRef, useState } from 'react'
import { useUnsavedChanges } from './unsaved'

interface EditorState<T> {
  original: T
  draft: T
  isNew: boolean
}

/**
 * Whether two versions of an item hold the same values, field by field. A field typing has not touched is the
 * same value (the draft is built by spreading the original), so a 1 MB post's content is not compared, let
 * alone serialised, on every keystroke; only the fields that are objects (tags, a schedule) are compared
 * as JSON.
 */
function sameFields<T>(a: T, b: T): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  const keys = new Set([...Object.keys(a), ...Object.keys(b)])
  for (const key of keys) {
    const [x, y] = [(a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]]
    if (Object.is(x, y)) continue
    if (typeof x !== 'object' || typeof y !== 'object' || JSON.stringify(x) !== JSON.stringify(y)) return false
  }
  return true
}

/**
 * The one item being created or edited in a tab (a list is in view mode or in edit/create mode for
 * one item). It knows whether the draft differs from what was opened, and
 * registers that with the unsaved-changes guard.
 *
 * Data that arrives later never replaces what the user is typing: an open that has to read first takes a
 * ticket with `begin()` before it reads and opens only while the ticket is still current, that is, if the
 * editor was neither opened nor closed meanwhile (another click, «Nueva Entrada», a second click on the same
 * «Editar»). `initial` opens the editor on its first render, for a form whose data is already loaded: no
 * moment in which its fields show but take no typing.
 */
export function useEditor<T>(initial?: T) {
  const [state, setState] = useState<EditorState<T> | null>(() =>
    initial === undefined ? null : { original: initial, draft: initial, isNew: false },
  )
  const dirty = state !== null && !sameFields(state.original, state.draft)
  useUnsavedChanges(dirty)
  const generation = useRef(0)

  const open = useCallback((item: T, isNew: boolean) => {
    generation.current += 1
    setState({ original: item, draft: item, isNew })
  }, [])
  const close = useCallback(() => {
    generation.current += 1
    setState(null)
  }, [])
  const patch = useCallback((changes: Partial<T>) => {
    setState((s) => (s ? { ...s, draft: { ...s.draft, ...changes } } : s))
  }, [])
  /** A ticket for an open that reads first: true while nothing else opened or closed the editor since. */
  const begin = useCallback(() => {
    const ticket = ++generation.current
    return () => ticket === generation.current
  }, [])

  return { draft: state?.draft ?? null, original: state?.original ?? null, isNew: state?.isNew ?? false, dirty, open, close, patch, begin }
}
