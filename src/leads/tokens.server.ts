/**
 * The form's time token: when the server handed the form out, signed with HMAC so it cannot be forged.
 * A submission sooner than a person could type (a script) or much later (a harvested token) is refused.
 * The same signed timestamp, under another purpose, is the receipt a stored plain post is redirected with
 * (only a real submission gets the thank-you state). Hand-written (a timestamp, a nonce and an
 * HMAC-SHA256): no library does just this.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import { TOKEN_MIN_AGE_MS } from './formState'

export type TokenCheck = 'ok' | 'missing' | 'invalid' | 'too-fast' | 'too-old'

export interface TokenTimes {
  /** Sooner than this after the token was issued is a script (default 3 s). */
  minAgeMs: number
  /** Later than this the token is refused (default 2 h). */
  maxAgeMs: number
}

export class FormTokens {
  constructor(
    private readonly secret: Buffer,
    readonly times: TokenTimes = { minAgeMs: TOKEN_MIN_AGE_MS, maxAgeMs: 2 * 3600_000 },
    /** Signed into each token, so a token of one purpose is never valid for another. */
    private readonly purpose = 'form-token',
  ) {}

  issue(now = Date.now()): string {
    const body = `${now.toString(36)}.${randomBytes(9).toString('base64url')}`
    return `${body}.${this.sign(body)}`
  }

  check(token: string | undefined, now = Date.now()): TokenCheck {
    if (!token) return 'missing'
    const at = token.lastIndexOf('.')
    const body = token.slice(0, at)
    const given = Buffer.from(token.slice(at + 1), 'base64url')
    const expected = Buffer.from(this.sign(body), 'base64url')
    if (at < 0 || given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid'
    const age = now - parseInt(body.split('.', 1)[0]!, 36)
    if (age < this.times.minAgeMs) return 'too-fast'
    if (age > this.times.maxAgeMs) return 'too-old'
    return 'ok'
  }

  private sign(body: string): string {
    return createHmac('sha256', this.secret).update(`${this.purpose}:${body}`).digest('base64url')
  }
}

/** The thank-you receipt: valid from its issue for 30 minutes (a reload of the thank-you page still shows it). */
export function sentReceipts(secret: Buffer): FormTokens {
  return new FormTokens(secret, { minAgeMs: 0, maxAgeMs: 30 * 60_000 }, 'sent-receipt')
}
