/**
 * The proof of work (ALTCHA, altcha-lib): the form's behaviour solves a small SHA-256 puzzle the server
 * signed, without cookies or a third party. A solution is accepted once: its challenge's signature is
 * counted in the database until the challenge expires, with the lead it came with (./formGuard.server.ts,
 * ./inbox.server.ts), so a replayed payload is refused by every server, also after a restart.
 */
import { createChallenge, verifySolution } from 'altcha-lib/v1'

/** A valid solution names its challenge's signature: the value counted against replay. */
export type ProofCheck = { result: 'ok'; signature: string } | { result: 'missing' | 'invalid' }

export interface ProofOptions {
  /** The puzzle's size: the solver tries up to this many hashes (half on average). */
  maxNumber: number
  /** How long a challenge may be solved and sent. */
  ttlMs: number
}

// 10,000: the browser's solver awaits one Web Crypto digest per number, and a mid-range phone (Lighthouse's
// 4× CPU slowdown) spent a median 4.7 s on 50,000 (scripts/bench/leads.ts); a fifth of that keeps the
// solve within the time a visitor takes to type a message, while a script still pays it on every post.
export const DEFAULT_PROOF: ProofOptions = { maxNumber: 10_000, ttlMs: 2 * 3600_000 }

export class ProofOfWork {
  constructor(
    private readonly hmacKey: string,
    readonly options: ProofOptions = DEFAULT_PROOF,
  ) {}

  challenge(now = Date.now()) {
    return createChallenge({ hmacKey: this.hmacKey, maxnumber: this.options.maxNumber, expires: new Date(now + this.options.ttlMs) })
  }

  /** `payload`: the base64 JSON the solver posts (altcha's payload format). */
  async check(payload: string | undefined): Promise<ProofCheck> {
    if (!payload) return { result: 'missing' }
    let signature: unknown
    try {
      signature = (JSON.parse(Buffer.from(payload, 'base64').toString('utf8')) as { signature?: unknown }).signature
    } catch {
      return { result: 'invalid' }
    }
    if (typeof signature !== 'string') return { result: 'invalid' }
    if (!(await verifySolution(payload, this.hmacKey, true).catch(() => false))) return { result: 'invalid' }
    return { result: 'ok', signature }
  }
}
