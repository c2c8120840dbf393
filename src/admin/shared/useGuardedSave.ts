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
}

/**
 * A form's save with the edit-conflict precondition (./conflicts.ts): whether it is saving, and when the
 * database refused because someone else saved first, the choice to pass to EditorCard's `conflict`.
 */
export function useGuardedSave<D>(save: (draft: D) => Promise<GuardedOutcome>, options: Options<D>) {
  const [saving, setSaving] = useState(false)
  const [refused, setRefused] = useState<{ conflict: Conflict; draft: D } | null>(null)
  const optionsRef = useRef(options)
  optionsRef.current = options

  const submit = async (draft: D) => {
    setSaving(true)
    setRefused(null)
    const result = await save(draft)
    setSaving(false)
    if (result.ok) optionsRef.current.onSaved()
    else if (result.conflict) setRefused({ conflict: result.conflict, draft })
  }

  const changedAt = refused?.conflict.changedAt
  const conflict: ConflictChoice | undefined = refused
    ? {
        message: conflictMessage(refused.conflict, options.subject),
        onShowTheirs: () => {
          setRefused(null)
          options.onShowTheirs()
        },
        onOverwrite: changedAt ? () => void submit(options.withVersion(refused.draft, changedAt)) : undefined,
      }
    : undefined

  return { saving, submit, conflict }
}
