// The embedded auth service's settings: GoTrue's rate limits and token lifetimes (supabase/config.toml).
import { BCRYPT_COST, defaultHashingLimits, type HashingLimits } from '../passwordHashing.ts'
import type { AuthMailer } from './mail.ts'

export const ACCESS_TOKEN_SECONDS = 3600

export interface AuthOptions {
  /** Sign-ups plus password sign-ins per IP per 5 minutes (Supabase default 30). */
  signInRateLimit: number
  /** Refresh-token grants per IP per 5 minutes (Supabase default 150). */
  refreshRateLimit: number
  /** Failed password sign-ins per account (e-mail) per 5 minutes, whatever addresses they come from. */
  failedSignInsPerAccount: number
  /** E-mails to one address per hour, whether or not it has an account (so the limit tells nothing). */
  emailRateLimit: number
  /**
   * E-mails one client (IP) may ask for per hour, whatever the addresses (/otp, /recover, /resend): the
   * per-address limit alone lets one client mail a thousand strangers once each.
   */
  emailsPerClientRateLimit: number
  /** Link, code and TOTP checks per IP per 5 minutes (Supabase default 30). */
  verificationRateLimit: number
  /** Wrong TOTP codes for one factor before it is locked for `mfaLockSeconds`. */
  mfaFailuresBeforeLock: number
  mfaLockSeconds: number
  /** Password hashes computed at once and in flight (passwordHashing.ts); excess sign-ins get 429. */
  hashing: HashingLimits
  /** bcrypt's cost for the passwords it hashes (GoTrue's 10; AUTH_PASSWORD_HASH_COST, lowered by the tests only). */
  passwordHashCost: number
  /** Seconds a rotated refresh token may still be presented (Supabase default 10). */
  refreshReuseIntervalSeconds: number
  /** How long e-mailed links and codes (recovery, invitation, magic link, re-authentication) last. */
  linkSeconds: number
  /** Origins besides the site's own that e-mailed links may redirect to (`redirect_to`). */
  redirectOrigins: string[]
  /** Sends the service's e-mails (mail.ts). */
  mailer?: AuthMailer
  /**
   * GoTrue's `disable_signup: false` with `mailer_autoconfirm`: anyone may make a confirmed account with a
   * password. Only for running Supabase's own auth-js suite against this backend (scripts/compat/auth.sh), which
   * signs up its accounts; the product never turns it on, and no setting can (docs/decisions/0088-no-public-sign-up.md).
   */
  openSignUp?: boolean
}

export const defaultAuthOptions: AuthOptions = {
  signInRateLimit: 30,
  refreshRateLimit: 150,
  failedSignInsPerAccount: 10,
  emailRateLimit: 6,
  emailsPerClientRateLimit: 30,
  verificationRateLimit: 30,
  mfaFailuresBeforeLock: 5,
  mfaLockSeconds: 15 * 60,
  hashing: defaultHashingLimits(),
  passwordHashCost: BCRYPT_COST,
  refreshReuseIntervalSeconds: 10,
  linkSeconds: 3600,
  redirectOrigins: [],
}
