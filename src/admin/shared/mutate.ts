import type { PostgrestError } from '@supabase/supabase-js'
import { toast, type ToastInput } from '../../lib/toast'
import { describeWriteError } from './twoFactorRefusal'

export interface MutationMessages {
  success: ToastInput
  /** The failure toast's title, e.g. "Error al guardar". */
  errorTitle: string
  /** What a clash is about, for describeError: "una página", "una entrada"... */
  subject?: string
  /** A fixed description for failures whose server message would not help staff. */
  errorDescription?: string
}

/** Runs one write and tells the user how it went. Resolves true on success. */
export async function mutate(request: PromiseLike<{ error: PostgrestError | null }>, messages: MutationMessages): Promise<boolean> {
  const { error } = await request
  if (error) {
    toast({
      title: messages.errorTitle,
      description: messages.errorDescription ?? (await describeWriteError(error, messages.subject)),
      variant: 'destructive',
    })
    return false
  }
  toast(messages.success)
  return true
}
