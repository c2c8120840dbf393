// What every group of GoTrue endpoints shares: the database, the signing keys, the password hasher, the
// mailer, the limits, and reading who a request comes from.
import { errors as joseErrors } from 'jose'
import type { Database } from '../db.ts'
import type { Keys } from '../keys.ts'
import type { PasswordHasher } from '../passwordHashing.ts'
import { RateLimiter } from '../rateLimit.ts'
import { bearerToken, type ApiRequest } from '../reply.ts'
import { AuthError } from './errors.ts'
import type { AuthMailer } from './mail.ts'
import type { FactorLocks } from './mfa.ts'
import type { AuthOptions } from './options.ts'

export interface AuthContext {
  db: Database
  keys: Keys
  /** The `iss` claim: this service's URL. */
  issuer: string
  /** Where e-mailed links point: the site's public origin (its /auth/v1/verify, its pages). */
  siteUrl: string
  options: AuthOptions
  hasher: PasswordHasher
  mailer: AuthMailer
  factorLocks: FactorLocks
  limits: {
    signIn: RateLimiter
    refresh: RateLimiter
    accountFailures: RateLimiter
    /** E-mails sent per address (recovery, magic link, invitation, re-authentication). */
    emailsPerAddress: RateLimiter
    /** E-mails asked for per client address, anonymously (recovery, magic link, confirmation resent). */
    emailsPerClient: RateLimiter
    /** Link and code checks per client address (GoTrue's token_verifications). */
    verifications: RateLimiter
  }
}

export function makeLimits(options: AuthOptions): AuthContext['limits'] {
  return {
    signIn: new RateLimiter(options.signInRateLimit),
    refresh: new RateLimiter(options.refreshRateLimit),
    accountFailures: new RateLimiter(options.failedSignInsPerAccount),
    emailsPerAddress: new RateLimiter(options.emailRateLimit, 60 * 60 * 1000),
    emailsPerClient: new RateLimiter(options.emailsPerClientRateLimit, 60 * 60 * 1000),
    verifications: new RateLimiter(options.verificationRateLimit),
  }
}

export interface UserClaims {
  sub: string
  session_id: string
  aal: string
  role: string
}

export async function verifiedClaims(ctx: AuthContext, req: ApiRequest): Promise<Record<string, unknown>> {
  const token = bearerToken(req)
  if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
  try {
    return await ctx.keys.verify(token)
  } catch (error) {
    const reason = error instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid'
    throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
  }
}

export async function requireUserToken(ctx: AuthContext, req: ApiRequest): Promise<UserClaims> {
  const claims = await verifiedClaims(ctx, req)
  if (typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
  }
  return {
    sub: claims.sub,
    session_id: claims.session_id,
    aal: typeof claims.aal === 'string' ? claims.aal : 'aal1',
    role: typeof claims.role === 'string' ? claims.role : '',
  }
}

/** The service-role key (or a token with that role): GoTrue's admin endpoints. */
export async function requireServiceRole(ctx: AuthContext, req: ApiRequest): Promise<void> {
  const claims = await verifiedClaims(ctx, req)
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw new AuthError(403, 'not_admin', 'User not allowed')
}
