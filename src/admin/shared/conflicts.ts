/**
 * Edit conflicts (docs/decisions/0066-edit-conflicts-by-precondition.md): a save or a delete applies only
 * if the row is still the version the editor opened. The precondition is in the write's own filter
 * (`updated_at` equal to the opened value, which the database moves on every update), so two saves can
 * never both pass and a closed tab leaves nothing behind. No row written means someone else changed or
 * deleted it: the caller shows who-knows-when and lets staff see their version or overwrite knowingly.
 */
import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import { atMadridTime } from '../../lib/madridTime'
import { toast, type ToastInput } from '../../lib/toast'
import type { MutationMessages } from './mutate'
import { describeWriteError, twoFactorRefusal } from './twoFactorRefusal'

/** Another save won: when it happened (the row's updated_at now), or null when the row was deleted. */
export interface Conflict {
  changedAt: string | null
}

export type GuardedOutcome = { ok: true; updatedAt: string | null } | { ok: false; conflict?: Conflict }

type Key = Record<string, string | number>
/**
 * As mutate()'s, but the success toast is optional: a caller with more to write after this says it itself.
 * `notify` replaces the toast where one would not be heard: inside a modal dialog, which hides the rest of
 * the page (the toasts too) from assistive technology.
 */
type Messages = Omit<MutationMessages, 'success'> & { success?: ToastInput; notify?: (message: ToastInput) => void }

/** "Otra persona guardó cambios en esta entrada a las 10:42." (Madrid time). */
export function conflictMessage(conflict: Conflict, subject = 'esta entrada'): string {
  return conflict.changedAt ? `Otra persona guardó cambios en ${subject} ${atMadridTime(conflict.changedAt)}.` : `Otra persona eliminó ${subject}.`
}

async function outcome(
  supabase: SupabaseClient,
  table: string,
  key: Key,
  result: { data: { updated_at: string }[] | null; error: PostgrestError | null },
  messages: Messages,
): Promise<GuardedOutcome> {
  const notify = messages.notify ?? toast
  if (result.error) {
    notify({
      title: messages.errorTitle,
      description: messages.errorDescription ?? (await describeWriteError(result.error, messages.subject)),
      variant: 'destructive',
    })
    return { ok: false }
  }
  const [written] = result.data ?? []
  if (!written) {
    // Row-level security hides the row from an update or delete it refuses: that is no conflict.
    const reason = await twoFactorRefusal(supabase)
    if (reason) {
      notify({ title: messages.errorTitle, description: reason, variant: 'destructive' })
      return { ok: false }
    }
    const { data } = await supabase.from(table).select('updated_at').match(key).maybeSingle<{ updated_at: string }>()
    return { ok: false, conflict: { changedAt: data?.updated_at ?? null } }
  }
  if (messages.success) notify(messages.success)
  return { ok: true, updatedAt: written.updated_at }
}

/** Updates the row at `key` if its updated_at is still `openedAt` (always, when openedAt is null: a row never opened). */
export async function updateIfUnchanged(
  supabase: SupabaseClient,
  table: string,
  key: Key,
  openedAt: string | null,
  fields: Record<string, unknown>,
  messages: Messages,
): Promise<GuardedOutcome> {
  let request = supabase.from(table).update(fields).match(key)
  if (openedAt) request = request.eq('updated_at', openedAt)
  return outcome(supabase, table, key, await request.select('updated_at'), messages)
}

/** Deletes the row at `key` if nobody saved it since `openedAt`. */
export async function deleteIfUnchanged(
  supabase: SupabaseClient,
  table: string,
  key: Key,
  openedAt: string | null,
  messages: Messages,
): Promise<GuardedOutcome> {
  let request = supabase.from(table).delete().match(key)
  if (openedAt) request = request.eq('updated_at', openedAt)
  return outcome(supabase, table, key, await request.select('updated_at'), messages)
}
