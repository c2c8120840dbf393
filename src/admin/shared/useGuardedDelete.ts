import { useCallback } from 'react'
import { useConfirm } from './confirm'
import { conflictMessage, type GuardedOutcome } from './conflicts'

/**
 * A delete with the edit-conflict precondition (./conflicts.ts): when someone saved the record since the
 * list was loaded, staff are told when and asked again before their version is deleted ("Cancelar" keeps
 * it, to look at it in the reloaded list). Resolves once done or given up; the caller reloads its list.
 */
export function useGuardedDelete() {
  const confirm = useConfirm()
  return useCallback(
    async (remove: (openedAt: string | null) => Promise<GuardedOutcome>, openedAt: string | null, subject: string): Promise<void> => {
      let result = await remove(openedAt)
      while (!result.ok && result.conflict?.changedAt) {
        const again = await confirm({
          title: conflictMessage(result.conflict, subject),
          description: 'Si la eliminas ahora, también se pierden sus cambios. Cancela para ver su versión en la lista.',
          confirmLabel: 'Eliminar igualmente',
          destructive: true,
        })
        if (!again) return
        result = await remove(result.conflict.changedAt)
      }
    },
    [confirm],
  )
}
