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
  /**
   * A delivered message, with the outbox file it was written to (if any). False when the row is gone: the message
   * was erased while it was being delivered, and the caller deletes the copy it just made.
   */
  sent(id: string, outboxFile?: string): Promise<boolean>
  /** A failed attempt: retried at `retryAt`, or never again when null (the error stays on the row). */
  failed(id: string, error: string, retryAt: Date | null): Promise<void>
  /**
   * Deletes delivered messages sent before `before` (they hold personal data). A message in an outbox file keeps its
   * row as long as the file (until retention), so that an erasure finds the file through it.
   */
  purgeSent(before: Date): Promise<void>
  /** Retention: deletes every message created before `cutoff`, handing its outbox file to outboxErasures. */
  retain(cutoff: Date): Promise<void>
  /** The outbox files to delete (erased or past retention: public.mail_outbox_erasures). */
  outboxErasures(): Promise<string[]>
  /** Those files are deleted. */
  outboxErased(files: string[]): Promise<void>
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
    async sent(id, outboxFile) {
      const result = await table()
        .update({ sent_at: new Date().toISOString(), locked_until: null, last_error: null, outbox_file: outboxFile ?? null })
        .eq('id', id)
        .select('id')
      check(result, 'sent')
      return (result.data ?? []).length > 0
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
      check(await table().delete().lt('sent_at', before.toISOString()).is('outbox_file', null), 'purge')
    },
    async retain(cutoff) {
      check(await service.rpc('mail_retention', { cutoff: cutoff.toISOString() }), 'retention')
    },
    async outboxErasures() {
      const result = await service.from('mail_outbox_erasures').select('file').limit(500)
      check(result, 'outbox erasures')
      return (result.data ?? []).map((row: { file: string }) => row.file)
    },
    async outboxErased(files) {
      check(await service.from('mail_outbox_erasures').delete().in('file', files), 'outbox erased')
    },
  }
}
