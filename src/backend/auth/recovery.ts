// E-mailed links and codes: password recovery, magic links (/otp), resending a confirmation, and /verify,
// which trades a link or code for a session (supabase/auth internal/api/{recover,otp,resend,verify}.go).
// Whether an address has an account shows in no answer, message or timing of /recover, /otp or /resend: each
// answers before the database is asked, the per-address e-mail limit counts every address alike, and /otp
// makes no account (sign-up is off, decision 0088), so a stranger's address is never mailed. Each client
// address has a budget of e-mails too, whatever the addresses it names.
import type { Transaction } from '../db.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import type { AuthContext } from './context.ts'
import { disabled } from './disabled.ts'
import { AuthError, emailRateLimited, otpExpired, rateLimited } from './errors.ts'
import { normaliseEmail, parseBody } from './input.ts'
import { consumeToken, isVerifyType, safeRedirect, tokenHash, VERIFY_TYPES, type VerifyType } from './links.ts'
import { mailLink } from './mailLink.ts'
import { startSession } from './sessionTokens.ts'
import { acceptTeamInvitation } from './teamInvite.ts'
import { findUserByEmail, type UserRow } from './users.ts'

/** The e-mail budgets of an anonymous request: its client's, then the address's. */
function allowEmail(ctx: AuthContext, req: ApiRequest, email: string): void {
  if (!ctx.limits.emailsPerClient.allow(req.ip)) throw emailRateLimited()
  if (!ctx.limits.emailsPerAddress.allow(email)) throw emailRateLimited()
}

export function recover(ctx: AuthContext, req: ApiRequest): Reply {
  const body = parseBody(req)
  const email = normaliseEmail(body.email, 'Password recovery requires an email')
  allowEmail(ctx, req, email)
  const redirectTo = safeRedirect(ctx, body.redirect_to ?? req.query.get('redirect_to'))
  inBackground(async () => {
    const user = await ctx.db.transaction((tx) => findUserByEmail(tx, email))
    if (user) await mailLink(ctx, user, 'recovery', 'recovery', 'recovery', redirectTo)
  })
  return json(200, {})
}

/**
 * POST /otp: a magic link for an account, whatever `create_user` says (no account is made here). GoTrue answers
 * an unknown address with 422 otp_disabled when `create_user` is false, and signs it up otherwise; both told
 * who has an account, so the answer is 200 for every address, as /recover's, and only an account is mailed.
 */
export function otp(ctx: AuthContext, req: ApiRequest): Reply {
  const body = parseBody(req)
  if (body.phone) throw disabled.phone()
  if (!body.email) throw new AuthError(422, 'validation_failed', 'You must provide either an email or phone number.')
  const email = normaliseEmail(body.email)
  allowEmail(ctx, req, email)
  const redirectTo = safeRedirect(ctx, body.redirect_to ?? req.query.get('redirect_to'))
  inBackground(async () => {
    const found = await ctx.db.transaction((tx) => findUserByEmail(tx, email))
    if (!found) return
    // An account not yet confirmed is an invitee: its link confirms the address, as the invitation's does.
    await (found.email_confirmed_at
      ? mailLink(ctx, found, 'recovery', 'magiclink', 'magiclink', redirectTo)
      : mailLink(ctx, found, 'confirmation', 'signup', 'signup', redirectTo))
  })
  return json(200, {})
}

export function resend(ctx: AuthContext, req: ApiRequest): Reply {
  const body = parseBody(req)
  if (body.type === 'sms' || body.type === 'phone_change') throw disabled.phone()
  if (body.type !== 'signup' && body.type !== 'email_change') {
    throw new AuthError(400, 'validation_failed', 'Missing one of these types: signup, email_change, sms, phone_change')
  }
  if (!body.email) throw new AuthError(400, 'validation_failed', 'Type provided requires an email address')
  const email = normaliseEmail(body.email)
  allowEmail(ctx, req, email)
  const redirectTo = safeRedirect(
    ctx,
    body.options && typeof body.options === 'object' ? (body.options as Record<string, unknown>).redirect_to : undefined,
  )
  if (body.type === 'signup') {
    inBackground(async () => {
      const user = await ctx.db.transaction((tx) => findUserByEmail(tx, email))
      if (user && !user.email_confirmed_at) await mailLink(ctx, user, 'confirmation', 'signup', 'signup', redirectTo)
    })
  }
  return json(200, {})
}

/** POST /verify: a code (with its e-mail) or a link's hash, for a session. */
export async function verifyPost(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  if (!ctx.limits.verifications.allow(req.ip)) throw rateLimited()
  const body = parseBody(req)
  // No account has a phone number here, so no phone code is valid: GoTrue's answer for a wrong one, after
  // its check of the number's format (E.164 digits once "+" and spaces are dropped).
  if (body.phone) {
    const digits = typeof body.phone === 'string' ? body.phone.replace(/^\+/, '').replaceAll(' ', '') : ''
    if (!/^[1-9][0-9]{1,14}$/.test(digits)) throw new AuthError(400, 'validation_failed', 'Invalid phone number format (E.164 required)')
    throw otpExpired()
  }
  if (!isVerifyType(body.type)) throw new AuthError(400, 'validation_failed', 'Verify requires a verification type')
  let hash: string
  if (typeof body.token_hash === 'string' && body.token_hash) hash = body.token_hash
  else if (typeof body.token === 'string' && body.token && body.email) hash = tokenHash(normaliseEmail(body.email), body.token.trim())
  else throw new AuthError(400, 'validation_failed', 'Verify requires either a token or a token hash')
  const session = await ctx.db.transaction((tx) => verifiedSession(ctx, tx, hash, body.type as VerifyType))
  if (!session) throw otpExpired()
  return json(200, session)
}

/** GET /verify: the e-mailed link; redirects with the session (or the error) in the URL fragment. */
export async function verifyGet(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const redirectTo = safeRedirect(ctx, req.query.get('redirect_to'))
  const type = req.query.get('type')
  const hash = req.query.get('token') ?? ''
  const allowed = ctx.limits.verifications.allow(req.ip)
  const session = allowed && isVerifyType(type) && hash ? await ctx.db.transaction((tx) => verifiedSession(ctx, tx, hash, type)) : undefined
  const fragment = session
    ? new URLSearchParams({
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: type ?? '',
      })
    : new URLSearchParams({
        error: 'access_denied',
        error_code: allowed ? 'otp_expired' : 'over_request_rate_limit',
        error_description: allowed ? 'Email link is invalid or has expired' : 'Request rate limit reached',
      })
  const location = new URL(redirectTo)
  location.hash = fragment.toString()
  return { status: 303, headers: { Location: location.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } }
}

async function verifiedSession(ctx: AuthContext, tx: Transaction, hash: string, type: VerifyType) {
  const consumed = await consumeToken(tx, hash, VERIFY_TYPES[type], ctx.options.linkSeconds)
  if (!consumed) return undefined
  // A mailed link proves the address: an invitation waiting for that proof is accepted now.
  const user = await acceptTeamInvitation(tx, consumed)
  const { rows } = await tx.query<UserRow>(
    `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
       raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now()
     where id = $1 returning *`,
    [user.id],
  )
  return startSession(ctx, tx, rows[0] ?? user, 'otp')
}

/** Work whose outcome the answer must not reveal (or wait for): failures are logged, never answered. */
function inBackground(work: () => Promise<void>): void {
  work().catch((error: unknown) => console.error(`[auth] could not send an e-mail: ${error instanceof Error ? error.message : String(error)}`))
}
