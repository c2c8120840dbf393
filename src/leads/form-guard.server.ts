/**
 * What the contact form remembers between posts: posts per address in a window (the rate limit) and the
 * proof-of-work solutions already used (replay). Kept in public.form_guard through the service role (one
 * statement per check, public.form_guard_hit), so every server behind a balancer and a restarted server see
 * the same counts, against the embedded backend or a hosted project alike.
 *
 * Values are stored as an HMAC under the form's secret: the table holds no visitor's address, only a
 * keyed hash of it, for at most one window.
 *
 * While the database cannot be reached, this process counts in memory instead: the layers still hold (per
 * process) and the visitor's lead waits in the spool (src/leads/inbox.server.ts).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { createHmac } from 'node:crypto'
import type { Database } from '../lib/database.types.ts'

/** What is counted: posts per client address, or uses of a proof-of-work solution. */
export type GuardKind = 'rate' | 'proof'

export class FormGuard {
  private readonly inMemory = new Map<string, { hits: number; expiresAt: number }>()

  constructor(
    private readonly service: SupabaseClient<Database>,
    private readonly secret: Buffer,
  ) {}

  /** Counts one use of `value`; returns its uses in the current window of `ttlMs` (1: the first). */
  async hit(kind: GuardKind, value: string, ttlMs: number): Promise<number> {
    const key = `${kind}:${createHmac('sha256', this.secret).update(`form-guard:${value}`).digest('base64url')}`
    const { data, error } = await this.service.rpc('form_guard_hit', { guard_key: key, ttl_seconds: Math.ceil(ttlMs / 1000) })
    if (!error && typeof data === 'number') return data
    console.warn(`[leads] form guard unreachable, counting in this process: ${error?.message ?? 'no count returned'}`)
    return this.hitInMemory(key, ttlMs)
  }

  /** Deletes the expired windows (the retention loop calls it). */
  async prune(): Promise<void> {
    const { error } = await this.service.from('form_guard').delete().lt('expires_at', new Date().toISOString())
    if (error) throw new Error(`form guard prune: ${error.message}`)
  }

  private hitInMemory(key: string, ttlMs: number, now = Date.now()): number {
    if (this.inMemory.size > 10_000) for (const [k, w] of this.inMemory) if (w.expiresAt <= now) this.inMemory.delete(k)
    const window = this.inMemory.get(key)
    if (!window || window.expiresAt <= now) {
      this.inMemory.set(key, { hits: 1, expiresAt: now + ttlMs })
      return 1
    }
    return ++window.hits
  }
}
