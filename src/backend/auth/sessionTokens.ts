// Issuing sessions: a row in auth.sessions (with its assurance level and the methods that reached it), a
// rotating refresh token, and an access token with GoTrue's claims (aal, amr, session_id).
import { randomBytes } from 'node:crypto'
import type { Transaction } from '../db.ts'
import type { AuthContext } from './context.ts'
import { ACCESS_TOKEN_SECONDS } from './options.ts'
import { factorsOf, userJson, type UserRow } from './users.ts'

/** How a session was reached, GoTrue's amr methods (models.AuthenticationMethod). */
export type AuthMethod = 'password' | 'otp' | 'magiclink' | 'recovery' | 'invite' | 'signup' | 'email/signup' | 'totp'

export interface SessionRow {
  id: string
  user_id: string
  aal: string
  amr: { method: string; timestamp: number }[]
}

/** A new session for `user`, reached by `method`; sets last_sign_in_at, as GoTrue does for every session. */
export async function startSession(ctx: AuthContext, tx: Transaction, user: UserRow, method: AuthMethod) {
  const amr = [{ method, timestamp: Math.floor(Date.now() / 1000) }]
  const { rows } = await tx.query<SessionRow>("insert into auth.sessions (user_id, aal, amr) values ($1, 'aal1', $2::jsonb) returning *", [
    user.id,
    JSON.stringify(amr),
  ])
  const { rows: users } = await tx.query<UserRow>('update auth.users set last_sign_in_at = now() where id = $1 returning *', [user.id])
  return issueSession(ctx, tx, users[0] ?? user, rows[0]!, null)
}

export async function issueSession(ctx: AuthContext, tx: Transaction, user: UserRow, session: SessionRow, parent: string | null) {
  const refreshToken = randomBytes(24).toString('base64url')
  await tx.query('insert into auth.refresh_tokens (token, session_id, parent) values ($1, $2, $3)', [refreshToken, session.id, parent])
  return sessionJson(ctx, tx, user, session, refreshToken)
}

/** The session body of GoTrue's token endpoints, with a fresh one-hour access token. */
export async function sessionJson(ctx: AuthContext, tx: Transaction, user: UserRow, session: SessionRow, refreshToken: string) {
  const iat = Math.floor(Date.now() / 1000)
  const exp = iat + ACCESS_TOKEN_SECONDS
  const accessToken = await ctx.keys.sign({
    iss: ctx.issuer,
    sub: user.id,
    aud: 'authenticated',
    iat,
    exp,
    email: user.email,
    phone: '',
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    role: 'authenticated',
    aal: session.aal,
    // GoTrue lists the most recent method first.
    amr: [...session.amr].reverse(),
    session_id: session.id,
    is_anonymous: false,
  })
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: ACCESS_TOKEN_SECONDS,
    expires_at: exp,
    refresh_token: refreshToken,
    user: userJson(user, await factorsOf(tx, user.id)),
  }
}

export async function sessionById(tx: Transaction, sessionId: string): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const { rows } = await tx.query<SessionRow>('select id, user_id, aal, amr from auth.sessions where id = $1', [sessionId])
  const session = rows[0]
  if (!session) return undefined
  const { rows: users } = await tx.query<UserRow>('select * from auth.users where id = $1', [session.user_id])
  return users[0] ? { session, user: users[0] } : undefined
}
