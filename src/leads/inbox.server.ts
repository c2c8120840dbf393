/**
 * Where an accepted enquiry goes: a row in public.leads, inserted with the service-role key (server-only,
 * never logged), then a notification queued for staff. When the database cannot be reached the lead is
 * written to a spool folder in the data folder (owner-only) and inserted by a retry loop later: a visitor's
 * enquiry is never silently dropped. Retention (docs/leads.md) deletes leads older than the configured period.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import { mkdir, readFile, readdir, unlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'

export interface LeadRow {
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

export type Saved = { stored: true; id: string } | { stored: false; spooled: true }

export class LeadInbox {
  constructor(
    private readonly service: SupabaseClient,
    private readonly spoolDir: string,
    /** Called once per stored lead (the staff notification); its failure is logged, the lead stays. */
    private readonly onStored: (id: string, row: LeadRow) => Promise<void>,
  ) {}

  /** Stores the lead, or spools it when the database is unreachable; throws only if neither worked. */
  async save(row: LeadRow): Promise<Saved> {
    try {
      return { stored: true, id: await this.insert(row) }
    } catch (error) {
      if (error instanceof LeadRefused) throw error
      console.warn(`[leads] database unreachable, lead kept in ${this.spoolDir}: ${reason(error)}`)
      await mkdir(this.spoolDir, { recursive: true, mode: 0o700 })
      await writeFile(join(this.spoolDir, `${Date.now()}-${randomUUID()}.json`), JSON.stringify(row), { mode: 0o600 })
      return { stored: false, spooled: true }
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
    const files = (await readdir(this.spoolDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort()
    let done = 0
    for (const file of files) {
      const path = join(this.spoolDir, file)
      const row = JSON.parse(await readFile(path, 'utf8')) as LeadRow
      try {
        await this.insert(row)
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
    const { error } = await this.service.from('leads').delete().lt('created_at', before.toISOString())
    if (error) throw new Error(`leads retention: ${error.message}`)
  }

  private async insert(row: LeadRow): Promise<string> {
    const { data, error } = await this.service.from('leads').insert(row).select('id').single<{ id: string }>()
    if (error) {
      // 23xxx: a constraint refused the row (PostgREST answers 400/409); anything else is the database's state.
      if (error.code?.startsWith('23')) throw new LeadRefused(error.message)
      throw new Error(error.message || 'insert failed')
    }
    const { id } = data
    await this.onStored(id, row).catch((e: unknown) => console.warn(`[leads] lead ${id} stored, notification not queued: ${reason(e)}`))
    return id
  }
}

function reason(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
