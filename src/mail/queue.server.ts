/**
 * The mail queue: public.mail_queue (supabase/migrations/20261125000100_leads.sql), reached with a
 * service-role supabase-js client, so the same code serves the embedded backend and a hosted project.
 * Claiming goes through public.claim_mail (`for update skip locked`): two servers never send one message twice.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Message } from './message.ts'

export interface QueuedMail {
  id: string
  message: Message
  /** Attempts so far, this one included. */
  attempts: number
}

export interface MailQueue {
  enqueue(message: Message): Promise<void>
  claim(batch: number, leaseSeconds: number): Promise<QueuedMail[]>
  sent(id: string): Promise<void>
  /** A failed attempt: retried at `retryAt`, or never again when null (the error stays on the row). */
  failed(id: string, error: string, retryAt: Date | null): Promise<void>
  /** Deletes delivered messages sent before `before` (they hold personal data). */
  purgeSent(before: Date): Promise<void>
}

export function restMailQueue(service: SupabaseClient): MailQueue {
  const check = ({ error }: { error: { message: string } | null }, what: string) => {
    if (error) throw new Error(`mail_queue ${what}: ${error.message}`)
  }
  const table = () => service.from('mail_queue')
  return {
    async enqueue(message) {
      check(await table().insert({ message }), 'insert')
    },
    async claim(batch, leaseSeconds) {
      const result = await service.rpc('claim_mail', { batch, lease_seconds: leaseSeconds })
      check(result, 'claim')
      return (result.data ?? []) as QueuedMail[]
    },
    async sent(id) {
      check(await table().update({ sent_at: new Date().toISOString(), locked_until: null, last_error: null }).eq('id', id), 'sent')
    },
    async failed(id, error, retryAt) {
      const next = retryAt ? retryAt.toISOString() : 'infinity'
      check(
        await table()
          .update({ last_error: error.slice(0, 1000), next_attempt_at: next, locked_until: null })
          .eq('id', id),
        'failed',
      )
    },
    async purgeSent(before) {
      check(await table().delete().lt('sent_at', before.toISOString()), 'purge')
    },
  }
}
