import { useState } from 'react'
import { toast } from '../../lib/toast'
import type { GuardedOutcome } from './conflicts'
import { useGuardedSave } from './useGuardedSave'

interface Options<D> {
  /** "esta entrada", "esta página": what the conflict message names. */
  subject: string
  /** The form's own checks before anything is sent: false when it refused (it shows why, from `refused` on). */
  ready: (draft: D) => boolean
  onClose: () => void
  /** After a save refused by an edit conflict: open the record as saved now. */
  onShowTheirs: () => void
}

/**
 * A record form's save (posts, pages, menu items, redirects, text overrides): its checks, then the save with the
 * edit-conflict precondition (./useGuardedSave.ts), closing the form once saved. Returns `card`, what EditorCard
 * takes besides its title and fields, so the form passes it on as it is; and `refused`, true once a save was
 * refused by the checks, from when on the fields show their problems (not while they are first typed).
 */
export function useRecordSave<D extends { updated_at: string | null }>(
  draft: D,
  persist: (draft: D) => Promise<GuardedOutcome>,
  { subject, ready, onClose, onShowTheirs }: Options<D>,
) {
  const guarded = useGuardedSave(persist, {
    subject,
    onSaved: onClose,
    onShowTheirs,
    withVersion: (next, updatedAt) => ({ ...next, updated_at: updatedAt }),
    resave: () => void save(),
  })
  const [refused, setRefused] = useState(false)
  const save = async () => {
    if (ready(draft)) await guarded.submit(draft)
    else setRefused(true)
  }
  return { card: { saving: guarded.saving, onSave: () => void save(), onCancel: onClose, conflict: guarded.conflict }, refused }
}

/** A `ready` check's refusal told as a notice, for checks whose field has no place to show it: always false. */
export function refuseSave(description: string): false {
  toast({ title: 'Error', description, variant: 'destructive' })
  return false
}
