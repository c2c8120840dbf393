import { useRef, useState } from 'react'
import { conflictMessage, type Conflict, type GuardedOutcome } from './conflicts'
import type { ConflictChoice } from './ConflictNotice'

interface Options<D> {
  /** "esta entrada", "esta página"…: what the conflict message names. */
  subject: string
  onSaved: () => void
  /** Reopen the editor with the row as saved now (or leave it, when the row is gone). */
  onShowTheirs: () => void
  /** The draft to send when overwriting: the same one, with the version the other save left. */
  withVersion: (draft: D, updatedAt: string) => D
  /**
   * The form's own save, for «Sobrescribir»: it submits the draft as it is now (typed on after the refusal too),
   * with the other version as the precondition. A save the form refuses (a field left empty) keeps the choice
   * for the next Guardar while the notice is shown.
   */
  resave: () => void
}

/**
 * A form's save with the edit-conflict precondition (./conflicts.ts): whether it is saving, and when the
 * database refused because someone else saved first, the choice to pass to EditorCard's `conflict`.
 */
export function useGuardedSave<D>(save: (draft: D) => Promise<GuardedOutcome>, options: Options<D>) {
  const [saving, setSaving] = useState(false)
  const [refused, setRefused] = useState<Conflict | null>(null)
  const optionsRef = useRef(options)
  optionsRef.current = options

  /** The other save's version, while «Sobrescribir» resaves through the form. */
  const overwriting = useRef<string | null>(null)

  const submit = async (next: D) => {
    const draft = overwriting.current ? optionsRef.current.withVersion(next, overwriting.current) : next
    overwriting.current = null
    setSaving(true)
    setRefused(null)
    const result = await save(draft)
    setSaving(false)
    if (result.ok) optionsRef.current.onSaved()
    else if (result.conflict) setRefused(result.conflict)
  }

  const changedAt = refused?.changedAt
  const conflict: ConflictChoice | undefined = refused
    ? {
        message: conflictMessage(refused, options.subject),
        onShowTheirs: () => {
          overwriting.current = null
          setRefused(null)
          options.onShowTheirs()
        },
        onOverwrite: changedAt
          ? () => {
              overwriting.current = changedAt
              options.resave()
            }
          : undefined,
      }
    : undefined

  return { saving, submit, conflict }
}
