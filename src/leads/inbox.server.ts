/**
 * Where an accepted enquiry goes: public.accept_lead, called with the service-role key (server-only, never
 * logged), counts the post against the rate limit and its proof of work against replay, inserts the lead
 * and queues its staff notification, in one transaction and one round trip (decision 0049). When the
 * database cannot be reached the counts are kept in this process and the lead is written to a spool folder
 * in the data folder (owner-only), inserted by a retry loop later: a visitor's enquiry is never silently
 * dropped. Retention (docs/leads.md) deletes leads older than the configured period.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, readdir, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../lib/database.types.ts'
import { messageSchema, type Message } from '../mail/message.ts'
import type { FormGuard, GuardChecks, GuardRefusal } from './form-guard.server'

export type LeadRow = {
  name: string
  email: string
  company: string | null
  phone: string | null
  service: string | null
  message: string
  page_path: string
  referrer: string | null
  utm_source: string | null
  utm_medium: string | null
  utm_campaign: string | null
  utm_term: string | null
  utm_content: string | null
  verified: boolean
}

/** The database refused the row itself (a check): retrying would not help. */
export class LeadRefused extends Error {}

export type Saved = { outcome: 'stored'; id: string } | { outcome: 'spooled' } | { outcome: GuardRefusal }

export interface LeadInboxOptions {
  service: SupabaseClient<Database>
  spoolDir: string
  /** Counts in this process while the database cannot be reached. */
  guard: FormGuard
  /** The staff notification of a lead, queued with it. */
  notification: (id: string, row: LeadRow) => Message
  /** Called after a notification was queued (wakes the mailer's delivery loop). */
  queued: () => void
}

/** A spooled lead keeps the id it was given, so a retry after an insert whose answer was lost stores nothing twice. */
type SpooledLead = LeadRow & { id?: string }

export class LeadInbox {
  constructor(private readonly options: LeadInboxOptions) {}

  /**
   * Accepts the lead unless its counts refuse it (`checks`: the post's address and proof of work), or
   * spools it when the database is unreachable; throws only if neither worked.
   */
  async save(row: LeadRow, checks: GuardChecks = {}): Promise<Saved> {
    const id = randomUUID()
    try {
      const outcome = await this.accept(id, row, checks)
      return outcome === 'stored' ? { outcome, id } : { outcome }
    } catch (error) {
      if (error instanceof LeadRefused) throw error
      const refused = this.options.guard.checkInMemory(checks, reason(error))
      if (refused) return { outcome: refused }
      const { spoolDir } = this.options
      console.warn(`[leads] database unreachable, lead kept in ${spoolDir}: ${reason(error)}`)
      await mkdir(spoolDir, { recursive: true, mode: 0o700 })
      const spooled: SpooledLead = { id, ...row }
      await writeFile(join(spoolDir, `${Date.now()}-${id}.json`), JSON.stringify(spooled), { mode: 0o600 })
      return { outcome: 'spooled' }
    }
  }

  private draining: Promise<number> | undefined

  /**
   * Inserts the spooled leads (oldest first); stops at the first that still fails. Returns how many went
   * in. One pass at a time: a call during a pass gets that pass, so no spooled lead is inserted twice.
   */
  drainSpool(): Promise<number> {
    this.draining ??= this.drain().finally(() => (this.draining = undefined))
    return this.draining
  }

  private async drain(): Promise<number> {
    const { spoolDir } = this.options
    const files = (await readdir(spoolDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort()
    let done = 0
    for (const file of files) {
      const path = join(spoolDir, file)
      const { id = randomUUID(), ...row } = JSON.parse(await readFile(path, 'utf8')) as SpooledLead
      try {
        await this.accept(id, row, {})
      } catch (error) {
        if (!(error instanceof LeadRefused)) return done
        console.warn(`[leads] spooled lead ${file} refused by the database, left in the spool: ${error.message}`)
        continue
      }
      await unlink(path)
      done += 1
    }
    return done
  }

  /** Retention: deletes leads created before `before`. */
  async deleteOlderThan(before: Date): Promise<void> {
    const { error } = await this.options.service.from('leads').delete().lt('created_at', before.toISOString())
    if (error) throw new Error(`leads retention: ${error.message}`)
  }

  private async accept(id: string, row: LeadRow, { rate, proof }: GuardChecks): Promise<'stored' | GuardRefusal> {
    let notification: Message | undefined
    try {
      notification = messageSchema.parse(this.options.notification(id, row))
    } catch (error) {
      console.warn(`[leads] lead ${id}: no notification queued, it could not be made: ${reason(error)}`)
    }
    const seconds = (ms: number) => Math.ceil(ms / 1000)
    const { data, error } = await this.options.service.rpc('accept_lead', {
      lead: { id, ...row },
      notification,
      ...(rate && { rate_key: rate.key, rate_limit: rate.limit, rate_ttl_seconds: seconds(rate.ttlMs) }),
      ...(proof && { proof_key: proof.key, proof_ttl_seconds: seconds(proof.ttlMs) }),
    })
    if (error) {
      // 23xxx: a constraint refused the row (PostgREST answers 400/409); anything else is the database's state.
      if (error.code?.startsWith('23')) throw new LeadRefused(error.message)
      throw new Error(error.message || 'accept_lead failed')
    }
    if (data !== 'stored' && data !== 'rate-limited' && data !== 'replayed') throw new Error(`accept_lead answered ${String(data)}`)
    if (data === 'stored' && notification) this.options.queued()
    return data
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
