// Single-use e-mailed links and codes, as GoTrue makes them: a six-digit code, and a link carrying the hash of
// e-mail + code (crypto.GenerateTokenHash: SHA-224 hex). Only that hash is stored (auth.one_time_tokens),
// one per account and kind, replaced by the next one asked for; each is consumed when used and expires
// after the configured lifetime (an hour). Sending is the caller's; this module knows nothing of mail.
import { createHash, randomInt } from 'node:crypto'
import type { Transaction } from '../db.ts'
import type { AuthContext } from './context.ts'
import type { UserRow } from './users.ts'

/** GoTrue's token columns: what kind of link a token is. */
export type TokenKind = 'confirmation' | 'recovery' | 'reauthentication'

/** The `type` of /verify and of e-mailed links, and the kinds of token each accepts. */
export const VERIFY_TYPES = {
  signup: ['confirmation'],
  invite: ['confirmation'],
  magiclink: ['recovery'],
  recovery: ['recovery'],
  email: ['confirmation', 'recovery'],
} as const satisfies Record<string, TokenKind[]>
export type VerifyType = keyof typeof VERIFY_TYPES

export function isVerifyType(value: unknown): value is VerifyType {
  return typeof value === 'string' && Object.hasOwn(VERIFY_TYPES, value)
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex')
}

/** A new code for `user` of `kind`, replacing any earlier one of that kind. */
export async function issueToken(tx: Transaction, user: UserRow, kind: TokenKind): Promise<{ otp: string; hash: string }> {
  const otp = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const hash = tokenHash(user.email, otp)
  await tx.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [user.id, kind])
  await tx.query('insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1, $2, $3, $4)', [
    user.id,
    kind,
    hash,
    user.email,
  ])
  return { otp, hash }
}

/** Consumes the token with `hash` if it is of one of `kinds` and is younger than `seconds`; returns its account. */
export async function consumeToken(tx: Transaction, hash: string, kinds: readonly TokenKind[], seconds: number): Promise<UserRow | undefined> {
  const { rows } = await tx.query<{ user_id: string; fresh: boolean }>(
    `delete from auth.one_time_tokens where token_hash = $1 and token_type = any($2::text[])
     returning user_id, created_at > now() - make_interval(secs => $3) as fresh`,
    [hash, kinds, seconds],
  )
  const token = rows[0]
  if (!token?.fresh) return undefined
  return (await tx.query<UserRow>('select * from auth.users where id = $1', [token.user_id])).rows[0]
}

/**
 * Where a link may send the browser: the site itself (by its public or its listening address), or an origin
 * the server was told to allow; anything
 * else (an attacker's site collecting tokens from the fragment) falls back to the site.
 */
export function safeRedirect(ctx: AuthContext, requested: unknown): string {
  if (typeof requested === 'string' && requested) {
    try {
      const url = new URL(requested)
      const allowed = [new URL(ctx.siteUrl).origin, new URL(ctx.issuer).origin, ...ctx.options.redirectOrigins]
      if (allowed.includes(url.origin)) return url.href
    } catch {
      // not a URL: the site
    }
  }
  return ctx.siteUrl
}

/** GoTrue's link: GET {site}/auth/v1/verify?token=<hash>&type=…&redirect_to=… */
export function actionLink(ctx: AuthContext, hash: string, type: VerifyType, redirectTo: string): string {
  const url = new URL('/auth/v1/verify', ctx.siteUrl)
  url.search = new URLSearchParams({ token: hash, type, redirect_to: redirectTo }).toString()
  return url.href
}
