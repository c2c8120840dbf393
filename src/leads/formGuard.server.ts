/**
 * What the contact form remembers between posts: posts per address in a window (the rate limit) and the
 * proof-of-work solutions already used (replay). Kept in public.form_guard through the service role, so
 * every server behind a balancer and a restarted server see the same counts, against the embedded backend
 * or a hosted project alike. A refused post is counted with one call (public.form_guard_hit); an accepted
 * one is counted in the same call that stores it (public.accept_lead, src/leads/inbox.server.ts).
 *
 * Values are stored as an HMAC under the form's secret: the table holds no visitor's address, only a
 * keyed hash of it, for at most one window.
 *
 * While the database cannot be reached, this process counts in memory instead: the layers still hold (per
 * process) and the visitor's lead waits in the spool.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { createHmac } from 'node:crypto'
import type { Database } from '../lib/database.types.ts'

/**
 * What is counted: posts per client address, uses of a proof-of-work solution, or uses of a time token by a
 * post without a proof (one token, one such post).
 */
export type GuardKind = 'rate' | 'proof' | 'token'

/** The counts an accepted post adds, checked in order: its address, then its solution (if it has one). */
export interface GuardChecks {
  rate?: { key: string; limit: number; ttlMs: number }
  proof?: { key: string; ttlMs: number }
}

/** Why a post that passed every other layer is refused by its counts. */
export type GuardRefusal = 'rate-limited' | 'replayed'

export class FormGuard {
  private readonly inMemory = new Map<string, { hits: number; expiresAt: number }>()

  constructor(
    private readonly service: SupabaseClient<Database>,
    private readonly secret: Buffer,
  ) {}

  /** The key `value` is counted under: its kind and a keyed hash (no address is stored). */
  key(kind: GuardKind, value: string): string {
    return `${kind}:${createHmac('sha256', this.secret).update(`form-guard:${value}`).digest('base64url')}`
  }

  /** Counts one use of `value`; returns its uses in the current window of `ttlMs` (1: the first). */
  async hit(kind: GuardKind, value: string, ttlMs: number): Promise<number> {
    const key = this.key(kind, value)
    const { data, error } = await this.service.rpc('form_guard_hit', { guard_key: key, ttl_seconds: Math.ceil(ttlMs / 1000) })
    if (!error && typeof data === 'number') return data
    unreachable(error?.message ?? 'no count returned')
    return this.hitInMemory(key, ttlMs)
  }

  /** `checks` counted in this process (the database unreachable): what public.accept_lead would refuse. */
  checkInMemory(checks: GuardChecks, reason: string): GuardRefusal | null {
    unreachable(reason)
    const { rate, proof } = checks
    if (rate && this.hitInMemory(rate.key, rate.ttlMs) > rate.limit) return 'rate-limited'
    if (proof && this.hitInMemory(proof.key, proof.ttlMs) > 1) return 'replayed'
    return null
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

function unreachable(reason: string): void {
  console.warn(`[leads] form guard unreachable, counting in this process: ${reason}`)
}
