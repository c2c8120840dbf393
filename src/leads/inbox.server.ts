/**
 * Where an accepted enquiry goes: public.accept_lead, called with the service-role key (server-only, never
 * logged), counts the post against the rate limit and its proof of work against replay, inserts the lead
 * and queues its staff notification, in one transaction and one round trip (decision 0049). When the
 * database cannot be reached the counts are kept in this process and the lead is written to a spool folder
 * in the data folder (owner-only), inserted by a retry loop later: a visitor's enquiry is never silently
 * dropped. A spooled lead the database can never take (it refuses the row, or the file is not a lead) is moved
 * to a dead-letter folder beside the spool with a log line and a mail to staff, so it never holds back the
 * leads after it. Retention (docs/leads.md) deletes leads older than the configured period; a person's erasure
 * reaches these files too (eraseFiles).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, readdir, rename, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from '../lib/database.types.ts'
import { messageSchema, type Message } from '../mail/message.ts'
import type { FormGuard, GuardChecks, GuardRefusal } from './formGuard.server'
import type { NewLead } from './lead'

/** The database refused the row itself (a check, a value it cannot store): retrying would not help. */
export class LeadRefused extends Error {}

export type Saved = { outcome: 'stored'; id: string } | { outcome: 'spooled' } | { outcome: GuardRefusal }

export interface LeadInboxOptions {
  service: SupabaseClient<Database>
  spoolDir: string
  /** Where spooled leads the database can never take are moved (owner-only). */
  deadLetterDir: string
  /** Counts in this process while the database cannot be reached. */
  guard: FormGuard
  /** The staff notification of a lead, queued with it. */
  notification: (id: string, row: NewLead) => Message
  /**
   * The notification queued instead when the lead's own cannot be made or is refused by the mailer's rules:
   * built from the site's settings only (no visitor data), it still tells staff a lead arrived and links to it.
   */
  fallbackNotification: (id: string) => Message
  /** Called after a notification was queued (wakes the mailer's delivery loop). */
  queued: () => void
  /** Tells staff a spooled lead was moved to the dead-letter folder (best effort: a failure is only logged). */
  deadLettered?: (file: string, reason: string, content: string) => Promise<void>
}

/** A spooled lead keeps the id it was given, so a retry after an insert whose answer was lost stores nothing twice. */
type SpooledLead = NewLead & { id?: string }

export class LeadInbox {
  constructor(private readonly options: LeadInboxOptions) {}

  /**
   * Accepts the lead unless its counts refuse it (`checks`: the post's address and proof of work), or
   * spools it when the database is unreachable; throws only if neither worked.
   */
  async save(row: NewLead, checks: GuardChecks = {}): Promise<Saved> {
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
    // An error that is not a refusal: the database is likely unreachable, and the pass stops at a second one in a
    // row. One such failure alone skips only its lead, so a lead that fails in an unforeseen way holds back no other.
    let failures = 0
    for (const file of files) {
      const path = join(spoolDir, file)
      const content = await readFile(path, 'utf8').catch(() => undefined)
      if (content === undefined) continue // taken by a pass of another server
      let spooled: SpooledLead
      try {
        spooled = JSON.parse(content) as SpooledLead
        if (typeof spooled !== 'object' || spooled === null) throw new Error('not a lead')
      } catch (error) {
        await this.deadLetter(file, content, `unreadable: ${reason(error)}`)
        continue
      }
      const { id = randomUUID(), ...row } = spooled
      try {
        await this.accept(id, row, {})
      } catch (error) {
        if (error instanceof LeadRefused) {
          await this.deadLetter(file, content, `refused by the database: ${error.message}`)
          continue
        }
        console.warn(`[leads] spooled lead ${file} not stored yet, will retry: ${reason(error)}`)
        if (++failures >= 2) return done
        continue
      }
      failures = 0
      await unlink(path)
      done += 1
    }
    return done
  }

  /** Moves a spooled lead that can never be stored out of the spool, says so in the log, and tells staff. */
  private async deadLetter(file: string, content: string, why: string): Promise<void> {
    const { spoolDir, deadLetterDir } = this.options
    await mkdir(deadLetterDir, { recursive: true, mode: 0o700 })
    const target = join(deadLetterDir, file)
    await rename(join(spoolDir, file), target)
    console.warn(`[leads] spooled lead ${file} can never be stored (${why}): moved to ${target}`)
    await this.options
      .deadLettered?.(target, why, content)
      .catch((error: unknown) => console.warn(`[leads] staff not mailed about ${target}: ${reason(error)}`))
  }

  /**
   * A person's erasure, in the spool and dead-letter folders: public.erase_data_subject leaves a SHA-256 of the
   * erased address in public.lead_file_erasures (the database cannot see these files); every file naming such an
   * address is deleted, then the hashes. Returns how many files went.
   */
  async eraseFiles(): Promise<number> {
    const { service, spoolDir, deadLetterDir } = this.options
    const { data, error } = await service.from('lead_file_erasures').select('address_sha256')
    if (error) throw new Error(`lead file erasures: ${error.message}`)
    if (data.length === 0) return 0
    const erased = new Set(data.map((row) => row.address_sha256))
    let removed = 0
    for (const dir of [spoolDir, deadLetterDir]) {
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const path = join(dir, name)
        const content = await readFile(path, 'utf8').catch(() => undefined)
        if (content === undefined || !addressesIn(content).some((address) => erased.has(sha256(address)))) continue
        await unlink(path).catch((e: NodeJS.ErrnoException) => {
          if (e.code !== 'ENOENT') throw e
        })
        removed += 1
      }
    }
    const done = await service
      .from('lead_file_erasures')
      .delete()
      .in('address_sha256', [...erased])
    if (done.error) throw new Error(`lead file erasures: ${done.error.message}`)
    if (removed > 0) console.log(`[leads] erasure: ${removed} spooled or dead-letter file(s) deleted`)
    return removed
  }

  /** Retention: deletes leads created before `before`. */
  async deleteOlderThan(before: Date): Promise<void> {
    const { error } = await this.options.service.from('leads').delete().lt('created_at', before.toISOString())
    if (error) throw new Error(`leads retention: ${error.message}`)
  }

  private async accept(id: string, row: NewLead, { rate, proof }: GuardChecks): Promise<'stored' | GuardRefusal> {
    const notification = this.notificationOf(id, row)
    const seconds = (ms: number) => Math.ceil(ms / 1000)
    const { data, error } = await this.options.service.rpc('accept_lead', {
      lead: { id, ...row },
      notification,
      ...(rate && { rate_key: rate.key, rate_limit: rate.limit, rate_ttl_seconds: seconds(rate.ttlMs) }),
      ...(proof && { proof_key: proof.key, proof_ttl_seconds: seconds(proof.ttlMs) }),
    })
    if (error) {
      // 23xxx: a constraint refused the row (PostgREST answers 400/409); 22xxx: a value it cannot take (NUL in a
      // text, half a surrogate pair). Anything else is the database's state.
      if (/^2[23]/.test(error.code ?? '')) throw new LeadRefused(error.message)
      throw new Error(error.message || 'accept_lead failed')
    }
    if (data !== 'stored' && data !== 'rate-limited' && data !== 'replayed') throw new Error(`accept_lead answered ${String(data)}`)
    if (data === 'stored' && notification) this.options.queued()
    return data
  }

  /** The lead's notification, or the short one without its data when that cannot be made; never none silently. */
  private notificationOf(id: string, row: NewLead): Message | undefined {
    try {
      return messageSchema.parse(this.options.notification(id, row))
    } catch (error) {
      console.error(`[leads] lead ${id}: its notification could not be made (${reason(error)}); staff get a short one without its data`)
    }
    try {
      return messageSchema.parse(this.options.fallbackNotification(id))
    } catch (error) {
      console.error(`[leads] lead ${id}: no notification queued (${reason(error)}); it shows only as new in the admin`)
      return undefined
    }
  }
}

/**
 * The addresses a lead file names, lower-cased, as the database finds them in a message
 * (public.mail_search_keys): its words holding an «@», split on what may surround an address (a JSON file's
 * quotes among them), with one closing dot dropped; and its lead's `email`, trimmed, when it parses as a lead.
 */
function addressesIn(content: string): string[] {
  const words = content
    .toLowerCase()
    .split(/[\s<>(),;:"'[\]/=&?]+/)
    .filter((word) => word.includes('@'))
  const addresses = [...words, ...words.map((word) => word.replace(/\.$/, ''))]
  try {
    const { email } = JSON.parse(content) as { email?: unknown }
    if (typeof email === 'string') addresses.push(email.trim().toLowerCase())
  } catch {
    // Not a lead (a dead-letter file can be anything): its words are all there is.
  }
  return addresses
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
