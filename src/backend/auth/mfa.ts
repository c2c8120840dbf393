// Two-factor authentication with TOTP (supabase/auth internal/api/mfa.go): enrol (secret, otpauth URI and
// QR code), challenge, verify (raises the session to aal2) and unenrol. Codes are checked with otpauth
// (RFC 6238, SHA-1, 6 digits, 30 s, one step of clock drift either way); QR codes drawn by qrcode as SVG,
// as GoTrue sends them. Wrong codes for a factor are counted in the database (auth.mfa_factor_lockouts): after
// a few it is locked for a while, whichever sessions, addresses or server processes the guesses come from.
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import type { Transaction } from '../db.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import type { AuthContext } from './context.ts'
import { disabled } from './disabled.ts'
import { AuthError, insufficientAal } from './errors.ts'
import { parseBody, uuidOr } from './input.ts'
import { issueSession, type SessionRow } from './sessionTokens.ts'
import { currentSession } from './user.ts'
import { factorsOf, type FactorRow, type UserRow } from './users.ts'

const CHALLENGE_SECONDS = 300
const MAX_FACTORS = 10
const ISSUER = 'Panel CMS'

const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found')

export async function mfaRoute(ctx: AuthContext, req: ApiRequest): Promise<Reply | undefined> {
  const [, first, id, action, ...rest] = req.path.replace(/\/+$/, '').split('/')
  if (first !== 'factors' || rest.length) return undefined
  if (id === undefined && req.method === 'POST') return enroll(ctx, req)
  if (id !== undefined && action === 'challenge' && req.method === 'POST') return challenge(ctx, req, id)
  if (id !== undefined && action === 'verify' && req.method === 'POST') return verify(ctx, req, id)
  if (id !== undefined && action === undefined && req.method === 'DELETE') return unenroll(ctx, req, id)
  return undefined
}

async function enroll(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const { session, user } = await currentSession(ctx, req)
  const body = parseBody(req)
  if (body.factor_type === 'phone') throw disabled.mfaPhone()
  if (body.factor_type === 'webauthn') throw disabled.mfaWebauthn()
  if (body.factor_type !== 'totp') throw new AuthError(400, 'validation_failed', 'factor_type needs to be totp, phone or webauthn')
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name.trim().slice(0, 100) : ''
  const issuer = typeof body.issuer === 'string' && body.issuer.trim() ? body.issuer.trim().slice(0, 100) : ISSUER
  const secret = new Secret({ size: 20 })
  const totp = new TOTP({ issuer, label: user.email, algorithm: 'SHA1', digits: 6, period: 30, secret })
  const uri = totp.toString()
  // auth-js puts the SVG unencoded into a data: URL, where a '#' would end the image (the rest is read as a
  // fragment): colours by name, as GoTrue's own SVG has them.
  const svg = (await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 1 }))
    .replace('fill="#ffffff"', 'fill="white"')
    .replace('stroke="#000000"', 'stroke="black"')
  const factor = await ctx.db.transaction(async (tx) => {
    const factors = await factorsOf(tx, user.id)
    if (factors.some((f) => f.status === 'verified') && session.aal !== 'aal2') {
      throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor')
    }
    // Enrolments abandoned before verification would pile up: an unverified factor is replaced.
    await tx.query("delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and (friendly_name = $2 or $2 = '')", [
      user.id,
      friendlyName,
    ])
    const remaining = await factorsOf(tx, user.id)
    if (friendlyName && remaining.some((f) => f.friendly_name === friendlyName)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`)
    }
    if (remaining.length >= MAX_FACTORS) {
      throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue')
    }
    const { rows } = await tx.query<FactorRow>(
      "insert into auth.mfa_factors (user_id, friendly_name, factor_type, status, secret) values ($1, $2, 'totp', 'unverified', $3) returning *",
      [user.id, friendlyName || null, secret.base32],
    )
    return rows[0]!
  })
  return json(200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    // The SVG itself: auth-js turns it into a data: URL.
    totp: { qr_code: svg, secret: secret.base32, uri },
  })
}

async function challenge(ctx: AuthContext, req: ApiRequest, rawId: string): Promise<Reply> {
  const { user } = await currentSession(ctx, req)
  const factorId = uuidOr(rawId, factorNotFound)
  parseBody(req)
  const created = await ctx.db.transaction(async (tx) => {
    await ownFactor(tx, user, factorId)
    await tx.query('update auth.mfa_factors set last_challenged_at = now() where id = $1', [factorId])
    const { rows } = await tx.query<{ id: string; expires_at: number }>(
      `insert into auth.mfa_challenges (factor_id, ip_address) values ($1, $2)
       returning id, extract(epoch from created_at)::int + $3 as expires_at`,
      [factorId, req.ip, CHALLENGE_SECONDS],
    )
    return rows[0]!
  })
  return json(200, { id: created.id, type: 'totp', expires_at: created.expires_at })
}

async function verify(ctx: AuthContext, req: ApiRequest, rawId: string): Promise<Reply> {
  const { session, user } = await currentSession(ctx, req)
  const factorId = uuidOr(rawId, factorNotFound)
  const body = parseBody(req)
  const code = typeof body.code === 'string' ? body.code.trim() : ''
  const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : ''
  const outcome = await ctx.db.transaction(async (tx) => {
    const factor = await ownFactor(tx, user, factorId)
    await ctx.factorLocks.check(tx, factorId)
    const { rows } = await tx.query<{ id: string; expired: boolean; verified_at: string | null }>(
      `select id, created_at < now() - make_interval(secs => $3) as expired, verified_at
         from auth.mfa_challenges where id::text = $1 and factor_id = $2`,
      [challengeId, factorId, CHALLENGE_SECONDS],
    )
    const found = rows[0]
    if (!found) throw new AuthError(404, 'mfa_challenge_not_found', 'MFA challenge not found')
    if (found.expired || found.verified_at) {
      await tx.query('delete from auth.mfa_challenges where id = $1', [found.id])
      return new AuthError(
        422,
        'mfa_challenge_expired',
        `MFA challenge ${found.id} has expired, verify against another challenge or create a new challenge.`,
      )
    }
    const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(factor.secret ?? '') })
    if (!/^\d{6}$/.test(code) || totp.validate({ token: code, window: 1 }) === null) {
      await ctx.factorLocks.fail(tx, factorId)
      return 'wrong' as const
    }
    await ctx.factorLocks.succeed(tx, factorId)
    await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1', [found.id])
    await tx.query("update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1", [factorId])
    const amr = [...session.amr.filter((entry) => entry.method !== 'totp'), { method: 'totp', timestamp: Math.floor(Date.now() / 1000) }]
    const { rows: raised } = await tx.query<SessionRow>(
      "update auth.sessions set aal = 'aal2', factor_id = $2, amr = $3::jsonb where id = $1 returning id, user_id, aal, amr",
      [session.id, factorId, JSON.stringify(amr)],
    )
    // A factor just verified ends the account's sessions that have not passed it (GoTrue does the same).
    await tx.query("delete from auth.sessions where user_id = $1 and aal <> 'aal2'", [user.id])
    await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [session.id])
    return issueSession(ctx, tx, user, raised[0]!, null)
  })
  if (outcome === 'wrong') throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered')
  if (outcome instanceof AuthError) throw outcome
  return json(200, outcome)
}

async function unenroll(ctx: AuthContext, req: ApiRequest, rawId: string): Promise<Reply> {
  const { session, user } = await currentSession(ctx, req)
  const factorId = uuidOr(rawId, factorNotFound)
  await ctx.db.transaction(async (tx) => {
    const factor = await ownFactor(tx, user, factorId)
    if (factor.status === 'verified' && session.aal !== 'aal2') throw insufficientAal('AAL2 required to unenroll verified factor')
    await tx.query('delete from auth.mfa_factors where id = $1', [factorId])
  })
  return json(200, { id: factorId })
}

async function ownFactor(tx: Transaction, user: UserRow, factorId: string): Promise<FactorRow> {
  const factor = (await factorsOf(tx, user.id)).find((f) => f.id === factorId)
  if (!factor) throw factorNotFound()
  return factor
}

/**
 * Wrong TOTP codes per factor: after `limit` in a row the factor refuses every code for `lockSeconds`. Kept
 * in auth.mfa_factor_lockouts, inside the verification's own transaction, so the count survives a restart.
 */
export class FactorLocks {
  constructor(
    private readonly limit: number,
    private readonly lockSeconds: number,
  ) {}

  async check(tx: Transaction, factorId: string): Promise<void> {
    const { rows } = await tx.query<{ seconds: number }>(
      'select ceil(extract(epoch from locked_until - now()))::int as seconds from auth.mfa_factor_lockouts where factor_id = $1 and locked_until > now()',
      [factorId],
    )
    const seconds = rows[0]?.seconds
    if (seconds !== undefined) {
      throw new AuthError(429, 'over_request_rate_limit', `Too many wrong codes: this factor is locked for ${Math.ceil(seconds / 60)} more minutes`)
    }
  }

  async fail(tx: Transaction, factorId: string): Promise<void> {
    await tx.query(
      `insert into auth.mfa_factor_lockouts as l (factor_id, wrong_codes) values ($1, 1)
         on conflict (factor_id) do update set wrong_codes = l.wrong_codes + 1`,
      [factorId],
    )
    await tx.query(
      `update auth.mfa_factor_lockouts set wrong_codes = 0, locked_until = now() + make_interval(secs => $2)
         where factor_id = $1 and wrong_codes >= $3`,
      [factorId, this.lockSeconds, this.limit],
    )
  }

  async succeed(tx: Transaction, factorId: string): Promise<void> {
    await tx.query('delete from auth.mfa_factor_lockouts where factor_id = $1', [factorId])
  }
}
