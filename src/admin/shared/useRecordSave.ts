import type { GuardedOutcome } from './conflicts'
import { useGuardedSave } from './useGuardedSave'

interface Options<D> {
  /** "esta entrada", "esta página": what the conflict message names. */
  subject: string
  /** The form's own checks before anything is sent: false when it refused (and told staff why). */
  ready: (draft: D) => boolean
  onClose: () => void
  /** After a save refused by an edit conflict: open the record as saved now. */
  onShowTheirs: () => void
}

/**
 * A post's or page's form save: its checks, then the save with the edit-conflict precondition
 * (./useGuardedSave.ts), closing the form once saved. Returns what EditorCard takes besides its title and
 * fields, so the form passes it on as it is.
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
  const save = async () => {
    if (ready(draft)) await guarded.submit(draft)
  }
  return { saving: guarded.saving, onSave: () => void save(), onCancel: onClose, conflict: guarded.conflict }
}
