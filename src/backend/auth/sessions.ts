// Sign-up, sign-in (password, refresh token) and sign-out: supabase/auth internal/api/{signup,token,logout}.go.
// Public sign-up is off, as GoTrue's `disable_signup` (docs/decisions/0088-no-public-sign-up.md): accounts are
// made by an admin's invitation, proven by its mailed link. Refresh tokens rotate on every use, and a reused
// token revokes its session unless it comes back within the reuse interval (two tabs refreshing at once).
import { MAX_PASSWORD_BYTES } from '../passwordHashing.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { requireUserToken, type AuthContext } from './context.ts'
import { disabled } from './disabled.ts'
import { AuthError, invalidCredentials, rateLimited, refusedWhileBusy } from './errors.ts'
import { CONTROL_CHARACTERS, normaliseEmail, parseBody, validMetadata, validPassword } from './input.ts'
import { issueSession, sessionById, sessionJson, startSession } from './sessionTokens.ts'
import { findUserByEmail, insertUser, isBanned, type UserRow } from './users.ts'

/**
 * POST /signup: GoTrue's answer with `disable_signup` on. The body is checked only for what it says by itself
 * (phone, anonymous, the e-mail's format, the metadata), never against the accounts: the answer is the same
 * for every address, known or not, and no account, hash or mail comes of it. With `openSignUp` (Supabase's
 * auth-js suite only) an account is made, confirmed, and signed in, as GoTrue with `mailer_autoconfirm`.
 */
export async function signup(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  if (!ctx.limits.signIn.allow(req.ip)) throw rateLimited()
  const body = parseBody(req)
  if (body.phone) throw disabled.phone()
  if (!body.email && !body.password) throw disabled.anonymous()
  const email = normaliseEmail(body.email)
  const metadata = validMetadata(body.data)
  if (!ctx.options.openSignUp) throw disabled.signup()
  const password = validPassword(body.password, 'Signup requires a valid password')
  if (ctx.hasher.saturated) throw await refusedWhileBusy()
  const hash = await ctx.hasher.hash(password)
  const session = await ctx.db.transaction(async (tx) => {
    const user = await insertUser(tx, email, hash, metadata)
    if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered')
    return startSession(ctx, tx, user, 'password')
  })
  return json(200, session)
}

export async function token(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const grant = req.query.get('grant_type')
  if (grant === 'password') return passwordGrant(ctx, req)
  if (grant === 'refresh_token') return refreshGrant(ctx, req)
  if (grant === 'id_token') throw disabled.oauth()
  if (grant === 'web3') throw disabled.web3()
  if (grant === 'pkce') throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found')
  throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
}

async function passwordGrant(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  if (!ctx.limits.signIn.allow(req.ip)) throw rateLimited()
  const body = parseBody(req)
  if (body.phone && !body.email) throw disabled.phoneLogin()
  const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
  const password = typeof body.password === 'string' ? body.password : ''
  if (!email || !password) throw invalidCredentials()
  // Checked before any hashing, so a guessing campaign against one account costs no CPU once stopped.
  if (ctx.limits.accountFailures.usedUp(email)) throw tooManyFailures()
  if (ctx.hasher.saturated) throw await refusedWhileBusy()
  // No account can hold such an e-mail, and no password over 72 bytes can be checked honestly (bcrypt
  // would compare only its first 72 bytes); both are wrong credentials, without a query or a hash.
  const impossible = CONTROL_CHARACTERS.test(email) || email.length > 255 || Buffer.byteLength(password) > MAX_PASSWORD_BYTES
  const user = impossible ? undefined : await ctx.db.transaction((tx) => findUserByEmail(tx, email))
  // An account without a password yet (invited) is compared with the decoy hash, as an unknown one.
  const matches = !impossible && (await ctx.hasher.verify(password, user?.encrypted_password || undefined))
  if (!user || !matches) {
    ctx.limits.accountFailures.allow(email)
    throw invalidCredentials()
  }
  if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed')
  if (isBanned(user)) throw userBanned()
  const session = await ctx.db.transaction((tx) => startSession(ctx, tx, user, 'password'))
  return json(200, session)
}

async function refreshGrant(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  if (!ctx.limits.refresh.allow(req.ip)) throw rateLimited()
  const body = parseBody(req)
  if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
    throw new AuthError(400, 'validation_failed', 'refresh_token required')
  }
  const presented = body.refresh_token
  const reuseSeconds = ctx.options.refreshReuseIntervalSeconds
  // The outcome is decided inside the transaction; a detected reuse must commit its revocation, so it is
  // returned as a value and only turned into an error after the commit.
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ token: string; revoked: boolean; session_id: string; revoked_for: number }>(
      `select token, revoked, session_id, extract(epoch from now() - updated_at)::float8 as revoked_for
         from auth.refresh_tokens where token = $1`,
      [presented],
    )
    const found = rows[0]
    if (!found) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
    const current = await sessionById(tx, found.session_id)
    if (!current) return new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found')
    if (isBanned(current.user)) return userBanned()
    if (!found.revoked) {
      await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [presented])
      return issueSession(ctx, tx, current.user, current.session, presented)
    }
    const { rows: active } = await tx.query<{ token: string; parent: string }>(
      'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
      [found.session_id],
    )
    const child = active[0]
    if (child && child.parent === presented && found.revoked_for <= reuseSeconds) {
      return sessionJson(ctx, tx, current.user, current.session, child.token)
    }
    await tx.query('delete from auth.sessions where id = $1', [found.session_id])
    return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
  })
  if (outcome instanceof AuthError) throw outcome
  return json(200, outcome)
}

export async function logout(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const claims = await requireUserToken(ctx, req)
  const scope = req.query.get('scope') ?? 'global'
  const statements: Record<string, string> = {
    global: 'delete from auth.sessions where user_id = $1',
    local: 'delete from auth.sessions where user_id = $1 and id = $2',
    others: 'delete from auth.sessions where user_id = $1 and id <> $2',
  }
  const statement = statements[scope]
  if (!statement) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
  await ctx.db.transaction((tx) => tx.query(statement, scope === 'global' ? [claims.sub] : [claims.sub, claims.session_id]))
  return { status: 204 }
}

/** Ends every session of `user` but `keep` (a password was changed or reset: GoTrue's UpdatePassword). */
export async function endOtherSessions(tx: import('../db.ts').Transaction, user: UserRow, keep: string | null): Promise<void> {
  await tx.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [user.id, keep])
}

const userBanned = () => new AuthError(400, 'user_banned', 'User is banned')

function tooManyFailures() {
  return new AuthError(429, 'over_request_rate_limit', 'Too many failed sign-in attempts for this account: try again in a few minutes')
}
