// The signed-in user: GET/PUT /user and GET /reauthenticate (supabase/auth internal/api/{user,reauthenticate}.go).
// A password changes only with the current password, a re-authentication code mailed within the hour, or
// from a session an e-mailed link opened (GoTrue's Security.UpdatePasswordRequireCurrentPassword, which
// exempts recovery sessions, and its reauthentication nonce). A new password ends every other session.
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { requireUserToken, type AuthContext } from './context.ts'
import { disabled } from './disabled.ts'
import { AuthError, emailRateLimited, insufficientAal } from './errors.ts'
import { parseBody, validMetadata, validPassword } from './input.ts'
import { consumeToken, issueToken, tokenHash } from './links.ts'
import { authMessage, logLinkOutsideProduction } from './mail.ts'
import { sessionById, type SessionRow } from './sessionTokens.ts'
import { endOtherSessions } from './sessions.ts'
import { factorsOf, userJson, type UserRow } from './users.ts'

/** The session a user token names, with its account; GoTrue's 403 when it has ended. */
export async function currentSession(ctx: AuthContext, req: ApiRequest): Promise<{ session: SessionRow; user: UserRow }> {
  const claims = await requireUserToken(ctx, req)
  const found = await ctx.db.transaction((tx) => sessionById(tx, claims.session_id))
  if (!found || found.user.id !== claims.sub) {
    throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return found
}

export async function getUser(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const { user } = await currentSession(ctx, req)
  const factors = await ctx.db.transaction((tx) => factorsOf(tx, user.id))
  return json(200, userJson(user, factors))
}

export async function updateUser(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const { session, user } = await currentSession(ctx, req)
  const body = parseBody(req)
  if (body.app_metadata !== undefined) throw new AuthError(403, 'not_admin', 'Updating app_metadata requires admin privileges')
  if (body.phone) throw disabled.phone()
  if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== user.email) {
    throw new AuthError(422, 'email_change_disabled', 'Email changes are disabled')
  }
  let newHash: string | undefined
  if (body.password !== undefined && body.password !== null) {
    const password = validPassword(body.password, 'Password is required')
    const factors = await ctx.db.transaction((tx) => factorsOf(tx, user.id))
    if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw insufficientAal('AAL2 session is required to update email or password when MFA is enabled.')
    }
    if (!openedByLink(session)) await proveItIsYou(ctx, user, body)
    if (user.encrypted_password && (await ctx.hasher.verify(password, user.encrypted_password))) {
      throw new AuthError(422, 'same_password', 'New password should be different from the old password.')
    }
    newHash = await ctx.hasher.hash(password)
  }
  const data = body.data === undefined ? undefined : validMetadata(body.data)
  const updated = await ctx.db.transaction(async (tx) => {
    let row = user
    if (newHash) {
      row = (
        await tx.query<UserRow>('update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *', [user.id, newHash])
      ).rows[0]!
      await endOtherSessions(tx, user, session.id)
    }
    if (data) row = (await tx.query<UserRow>(mergeMetadata('raw_user_meta_data'), [user.id, JSON.stringify(data)])).rows[0]!
    return userJson(row, await factorsOf(tx, user.id))
  })
  return json(200, updated)
}

/** GET /reauthenticate: mails a code that lets this session change the password for the next hour. */
export async function reauthenticate(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const { user } = await currentSession(ctx, req)
  if (!ctx.limits.emailsPerAddress.allow(user.email)) throw emailRateLimited()
  const { otp } = await ctx.db.transaction((tx) => issueToken(tx, user, 'reauthentication'))
  logLinkOutsideProduction('reauthentication', user.email, undefined, otp)
  await ctx.mailer(authMessage('reauthentication', user.email, otp))
  return json(200, {})
}

/**
 * `jsonb || $2` with GoTrue's merge rule for metadata updates: keys set to null are removed.
 * Shared with the admin API (app_metadata).
 */
export function mergeMetadata(column: 'raw_user_meta_data' | 'raw_app_meta_data'): string {
  return `update auth.users set ${column} = jsonb_strip_nulls(${column} || $2::jsonb), updated_at = now() where id = $1 returning *`
}

/** Sessions opened by an e-mailed link or code (GoTrue's Session.IsRecovery: otp, magiclink, recovery). */
function openedByLink(session: SessionRow): boolean {
  return session.amr.some((entry) => ['otp', 'magiclink', 'recovery'].includes(entry.method))
}

/**
 * The current password or a re-authentication code (spent here). Wrong ones count as failed sign-ins of
 * the account, so a stolen session cannot guess either for long.
 */
async function proveItIsYou(ctx: AuthContext, user: UserRow, body: Record<string, unknown>): Promise<void> {
  const { nonce, current_password: current } = body
  if ((typeof nonce !== 'string' || !nonce) && (typeof current !== 'string' || !current)) {
    throw new AuthError(400, 'current_password_required', 'Current password required when setting new password.')
  }
  if (ctx.limits.accountFailures.usedUp(user.email)) {
    throw new AuthError(429, 'over_request_rate_limit', 'Too many failed sign-in attempts for this account: try again in a few minutes')
  }
  if (typeof nonce === 'string' && nonce) {
    const owner = await ctx.db.transaction((tx) =>
      consumeToken(tx, tokenHash(user.email, nonce.trim()), ['reauthentication'], ctx.options.linkSeconds),
    )
    if (owner?.id === user.id) return
    ctx.limits.accountFailures.allow(user.email)
    throw new AuthError(400, 'reauthentication_not_valid', 'Requires reauthentication')
  }
  if (!(await ctx.hasher.verify(current as string, user.encrypted_password || undefined))) {
    ctx.limits.accountFailures.allow(user.email)
    throw new AuthError(400, 'current_password_invalid', 'Current password required when setting new password.')
  }
}
