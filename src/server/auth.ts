// /auth/v1: the part of GoTrue (supabase/auth) that @supabase/auth-js uses, with GoTrue's bodies, codes and
// statuses (supabase/auth internal/api/{signup,token,logout,
// user,jwks,errors}.go). Signup is auto-confirmed; refresh tokens rotate on every use, and a reused token
// revokes its session unless it comes back within the reuse interval (two tabs refreshing at once).
import { errors as joseErrors } from 'jose'
import { randomBytes } from 'node:crypto'
import type { Database, Transaction } from './db.ts'
import type { Keys } from './keys.ts'
import { BusyHashing, MAX_PASSWORD_BYTES, PasswordHasher, defaultHashingLimits, hashPassword, type HashingLimits } from './password-hashing.ts'
import { RateLimiter } from './rate-limit.ts'
import { bearerToken, header, json, type ApiRequest, type Reply } from './reply.ts'

export const ACCESS_TOKEN_SECONDS = 3600
const MIN_PASSWORD = 6
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

export interface AuthOptions {
  /** Sign-ups plus password sign-ins per IP per 5 minutes (Supabase default 30). */
  signInRateLimit: number
  /** Refresh-token grants per IP per 5 minutes (Supabase default 150). */
  refreshRateLimit: number
  /** Failed password sign-ins per account (e-mail) per 5 minutes, whatever addresses they come from. */
  failedSignInsPerAccount: number
  /** Password hashes computed at once and in flight (password-hashing.ts); excess sign-ins get 429. */
  hashing: HashingLimits
  /** Seconds a rotated refresh token may still be presented (Supabase default 10). */
  refreshReuseIntervalSeconds: number
}

export const defaultAuthOptions: AuthOptions = {
  signInRateLimit: 30,
  refreshRateLimit: 150,
  failedSignInsPerAccount: 10,
  hashing: defaultHashingLimits(),
  refreshReuseIntervalSeconds: 10,
}

interface UserRow {
  id: string
  aud: string
  role: string
  email: string
  encrypted_password: string
  email_confirmed_at: string | null
  last_sign_in_at: string | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: string
  updated_at: string
}

/** A GoTrue error, answered as `{code, message}` to clients that send X-Supabase-Api-Version. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')

export class AuthService {
  private readonly signInLimiter: RateLimiter
  private readonly refreshLimiter: RateLimiter
  private readonly accountFailures: RateLimiter
  private readonly hasher: PasswordHasher

  constructor(
    private readonly db: Database,
    private readonly keys: Keys,
    private readonly issuer: string,
    private readonly options: AuthOptions = defaultAuthOptions,
  ) {
    this.signInLimiter = new RateLimiter(options.signInRateLimit)
    this.refreshLimiter = new RateLimiter(options.refreshRateLimit)
    this.accountFailures = new RateLimiter(options.failedSignInsPerAccount)
    this.hasher = new PasswordHasher(options.hashing)
  }

  /** Stops the hashing workers (the server is closing). */
  close(): Promise<void> {
    return this.hasher.close()
  }

  async handle(req: ApiRequest): Promise<Reply> {
    try {
      return await this.route(req)
    } catch (error) {
      if (error instanceof AuthError) return authErrorReply(req, error)
      if (error instanceof BusyHashing) return authErrorReply(req, rateLimited())
      throw error
    }
  }

  private route(req: ApiRequest): Promise<Reply> | Reply {
    const route = `${req.method} ${req.path.replace(/\/+$/, '')}`
    switch (route) {
      case 'POST /signup':
        return this.signup(req)
      case 'POST /token':
        return this.token(req)
      case 'POST /logout':
        return this.logout(req)
      case 'GET /user':
        return this.user(req)
      case 'POST /admin/users':
        return this.adminCreateUser(req)
      case 'GET /settings':
        return json(200, {
          external: { email: true, phone: false },
          disable_signup: false,
          mailer_autoconfirm: true,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
        })
      case 'GET /health':
        return json(200, { name: 'GoTrue', description: 'Embedded GoTrue-compatible auth service', version: 'embedded' })
      case 'GET /.well-known/jwks.json':
        return json(200, { keys: [this.keys.publicJwk] }, { 'Cache-Control': 'public, max-age=600' })
    }
    throw new AuthError(404, 'not_found', `Not found: ${req.method} /auth/v1${req.path}`)
  }

  private async signup(req: ApiRequest): Promise<Reply> {
    if (!this.signInLimiter.allow(req.ip)) throw rateLimited()
    const body = parseBody(req)
    const email = normaliseEmail(body.email)
    const password = validPassword(body.password, 'Signup requires a valid password')
    if (this.hasher.saturated) throw await refusedWhileBusy()
    const metadata = validMetadata(body.data)
    const hash = await this.hasher.hash(password)
    const session = await this.db.transaction(async (tx) => {
      const user = await insertUser(tx, email, hash, metadata)
      if (!user) throw new AuthError(422, 'user_already_exists', 'User already registered')
      return this.startSession(tx, user)
    })
    return json(200, session)
  }

  private async token(req: ApiRequest): Promise<Reply> {
    const grant = req.query.get('grant_type')
    if (grant === 'password') return this.passwordGrant(req)
    if (grant === 'refresh_token') return this.refreshGrant(req)
    throw new AuthError(400, 'validation_failed', 'unsupported_grant_type')
  }

  private async passwordGrant(req: ApiRequest): Promise<Reply> {
    if (!this.signInLimiter.allow(req.ip)) throw rateLimited()
    const body = parseBody(req)
    const email = typeof body.email === 'string' ? body.email.trim().toLowerCase() : ''
    const password = typeof body.password === 'string' ? body.password : ''
    if (!email || !password) throw invalidCredentials()
    // Checked before any hashing, so a guessing campaign against one account costs no CPU once stopped.
    if (this.accountFailures.usedUp(email)) throw tooManyFailures()
    if (this.hasher.saturated) throw await refusedWhileBusy()
    // No account can hold such an e-mail, and no password over 72 bytes can be checked honestly (bcrypt
    // would compare only its first 72 bytes); both are wrong credentials, without a query or a hash.
    const impossible = CONTROL_CHARACTERS.test(email) || email.length > 255 || Buffer.byteLength(password) > MAX_PASSWORD_BYTES
    const user = impossible ? undefined : await this.db.transaction((tx) => findUserByEmail(tx, email))
    const matches = !impossible && (await this.hasher.verify(password, user?.encrypted_password))
    if (!user || !matches) {
      this.accountFailures.allow(email)
      throw invalidCredentials()
    }
    const session = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<UserRow>('update auth.users set last_sign_in_at = now() where id = $1 returning *', [user.id])
      const current = rows[0]
      if (!current) throw invalidCredentials()
      return this.startSession(tx, current)
    })
    return json(200, session)
  }

  private async refreshGrant(req: ApiRequest): Promise<Reply> {
    if (!this.refreshLimiter.allow(req.ip)) throw rateLimited()
    const body = parseBody(req)
    if (typeof body.refresh_token !== 'string' || !body.refresh_token) {
      throw new AuthError(400, 'validation_failed', 'refresh_token required')
    }
    const presented = body.refresh_token
    const reuseSeconds = this.options.refreshReuseIntervalSeconds
    // The outcome is decided inside the transaction; a detected reuse must commit its revocation, so it is
    // returned as a value and only turned into an error after the commit.
    const outcome = await this.db.transaction(async (tx) => {
      const { rows } = await tx.query<{ token: string; revoked: boolean; session_id: string; revoked_for: number }>(
        `select token, revoked, session_id, extract(epoch from now() - updated_at)::float8 as revoked_for
           from auth.refresh_tokens where token = $1`,
        [presented],
      )
      const found = rows[0]
      if (!found) return new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found')
      const user = await sessionUser(tx, found.session_id)
      if (!user) return new AuthError(400, 'session_not_found', 'Invalid Refresh Token: No Valid Session Found')
      if (!found.revoked) {
        await tx.query('update auth.refresh_tokens set revoked = true, updated_at = now() where token = $1', [presented])
        return this.issueSession(tx, user, found.session_id, presented)
      }
      const { rows: active } = await tx.query<{ token: string; parent: string }>(
        'select token, parent from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [found.session_id],
      )
      const child = active[0]
      if (child && child.parent === presented && found.revoked_for <= reuseSeconds) {
        return this.sessionJson(user, found.session_id, child.token)
      }
      await tx.query('delete from auth.sessions where id = $1', [found.session_id])
      return new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used')
    })
    if (outcome instanceof AuthError) throw outcome
    return json(200, outcome)
  }

  private async logout(req: ApiRequest): Promise<Reply> {
    const claims = await this.requireUserToken(req)
    const scope = req.query.get('scope') ?? 'global'
    const statements: Record<string, string> = {
      global: 'delete from auth.sessions where user_id = $1',
      local: 'delete from auth.sessions where user_id = $1 and id = $2',
      others: 'delete from auth.sessions where user_id = $1 and id <> $2',
    }
    const statement = statements[scope]
    if (!statement) throw new AuthError(400, 'validation_failed', `Unsupported logout scope "${scope}"`)
    await this.db.transaction((tx) => tx.query(statement, scope === 'global' ? [claims.sub] : [claims.sub, claims.session_id]))
    return { status: 204 }
  }

  private async user(req: ApiRequest): Promise<Reply> {
    const claims = await this.requireUserToken(req)
    const user = await this.db.transaction((tx) => sessionUser(tx, claims.session_id))
    if (!user || user.id !== claims.sub) {
      throw new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist')
    }
    return json(200, userJson(user))
  }

  /** GoTrue's admin API (service-role key only): lets scripts and the contract suite make confirmed users. */
  private async adminCreateUser(req: ApiRequest): Promise<Reply> {
    const claims = await this.verifiedClaims(req)
    if (claims.role !== 'service_role') throw new AuthError(403, 'not_admin', 'User not allowed')
    const body = parseBody(req)
    const email = normaliseEmail(body.email)
    const password = validPassword(body.password, 'Password is required')
    const metadata = validMetadata(body.user_metadata)
    const hash = await this.hasher.hash(password)
    const user = await this.db.transaction((tx) => insertUser(tx, email, hash, metadata))
    if (!user) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    return json(200, userJson(user))
  }

  private async verifiedClaims(req: ApiRequest): Promise<Record<string, unknown>> {
    const token = bearerToken(req)
    if (!token) throw new AuthError(401, 'no_authorization', 'This endpoint requires a valid Bearer token')
    try {
      return await this.keys.verify(token)
    } catch (error) {
      const reason = error instanceof joseErrors.JWTExpired ? 'token has invalid claims: token is expired' : 'signature is invalid'
      throw new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${reason}`)
    }
  }

  private async requireUserToken(req: ApiRequest): Promise<{ sub: string; session_id: string }> {
    const claims = await this.verifiedClaims(req)
    if (typeof claims.sub !== 'string' || typeof claims.session_id !== 'string') {
      throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim')
    }
    return { sub: claims.sub, session_id: claims.session_id }
  }

  private async startSession(tx: Transaction, user: UserRow) {
    const { rows } = await tx.query<{ id: string }>('insert into auth.sessions (user_id) values ($1) returning id', [user.id])
    return this.issueSession(tx, user, rows[0]!.id, null)
  }

  private async issueSession(tx: Transaction, user: UserRow, sessionId: string, parent: string | null) {
    const refreshToken = randomBytes(24).toString('base64url')
    await tx.query('insert into auth.refresh_tokens (token, session_id, parent) values ($1, $2, $3)', [refreshToken, sessionId, parent])
    return this.sessionJson(user, sessionId, refreshToken)
  }

  /** The session body of GoTrue's token endpoints, with a fresh one-hour access token. */
  private async sessionJson(user: UserRow, sessionId: string, refreshToken: string) {
    const iat = Math.floor(Date.now() / 1000)
    const exp = iat + ACCESS_TOKEN_SECONDS
    const accessToken = await this.keys.sign({
      iss: this.issuer,
      sub: user.id,
      aud: 'authenticated',
      iat,
      exp,
      email: user.email,
      phone: '',
      app_metadata: user.raw_app_meta_data,
      user_metadata: user.raw_user_meta_data,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: iat }],
      session_id: sessionId,
      is_anonymous: false,
    })
    return {
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_SECONDS,
      expires_at: exp,
      refresh_token: refreshToken,
      user: userJson(user),
    }
  }
}

/**
 * Creates a confirmed account unless the e-mail is taken; returns the new user, or null if it existed.
 * Shared by signup, the admin API and `npm run staff`.
 */
async function insertUser(tx: Transaction, email: string, passwordHash: string, metadata: Record<string, unknown>) {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, raw_user_meta_data)
       values ($1, $2, now(), $3::jsonb) on conflict (email) do nothing returning *`,
    [email, passwordHash, JSON.stringify({ ...metadata, email_verified: true })],
  )
  return rows[0] ?? null
}

/** The e-mail (normalised) and password GoTrue would accept, or an AuthError saying why not. */
export function validCredentials(email: string, password: string): { email: string; password: string } {
  return { email: normaliseEmail(email), password: validPassword(password, 'Password is required') }
}

async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | undefined> {
  return (await tx.query<UserRow>('select * from auth.users where email = $1', [email])).rows[0]
}

async function sessionUser(tx: Transaction, sessionId: string): Promise<UserRow | undefined> {
  const { rows } = await tx.query<UserRow>('select u.* from auth.sessions s join auth.users u on u.id = s.user_id where s.id = $1', [sessionId])
  return rows[0]
}

/** Finds the account for `email` or creates it (for `npm run staff` and the demo account). */
export async function ensureUser(db: Database, email: string, password: string): Promise<{ id: string; created: boolean }> {
  const { email: normalised, password: checkedPassword } = validCredentials(email, password)
  const existing = await db.transaction((tx) => findUserByEmail(tx, normalised))
  if (existing) return { id: existing.id, created: false }
  const hash = await hashPassword(checkedPassword)
  const user = await db.transaction((tx) => insertUser(tx, normalised, hash, {}))
  if (!user) throw new Error(`Could not create ${normalised}`)
  return { id: user.id, created: true }
}

function userJson(user: UserRow) {
  const identityData = { sub: user.id, email: user.email, email_verified: true, phone_verified: false }
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at,
    phone: '',
    confirmed_at: user.email_confirmed_at,
    last_sign_in_at: user.last_sign_in_at,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: user.last_sign_in_at,
        created_at: user.created_at,
        updated_at: user.updated_at,
        email: user.email,
      },
    ],
    created_at: user.created_at,
    updated_at: user.updated_at,
    is_anonymous: false,
  }
}

export function authErrorReply(req: ApiRequest, error: AuthError): Reply {
  // auth-js reads `code` only when the answer carries X-Supabase-Api-Version (>= 2024-01-01); without the
  // header GoTrue keeps its legacy body, which older clients parse.
  const apiVersion = header(req, 'x-supabase-api-version')
  if (apiVersion && /^\d{4}-\d{2}-\d{2}$/.test(apiVersion)) {
    return json(error.status, { code: error.code, message: error.message, ...error.extra }, { 'X-Supabase-Api-Version': apiVersion })
  }
  return json(error.status, { code: error.status, error_code: error.code, msg: error.message, ...error.extra })
}

function rateLimited() {
  return new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
}

/** How long a sign-in refused because every hashing slot is taken waits before its 429. */
const BUSY_REFUSAL_DELAY_MS = 100

/**
 * The 429 of a sign-in that finds every hashing slot taken, given after a short pause: no hash and no query
 * is spent on it either way, but a guesser that loops on the answer would otherwise come back a thousand
 * times a second and take the server's event loop from the API requests, which each need several turns of
 * it now that PostgREST serves them (decision 0025; `npm run bench`, sign-in flood).
 */
async function refusedWhileBusy(): Promise<AuthError> {
  await new Promise((resolve) => setTimeout(resolve, BUSY_REFUSAL_DELAY_MS))
  return rateLimited()
}

function tooManyFailures() {
  return new AuthError(429, 'over_request_rate_limit', 'Too many failed sign-in attempts for this account: try again in a few minutes')
}

function parseBody(req: ApiRequest): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = req.body ? JSON.parse(req.body) : {}
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (!isObject(parsed)) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  return parsed
}

function normaliseEmail(value: unknown): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!email) throw new AuthError(400, 'validation_failed', 'To signup, please provide your email')
  if (email.length > 255 || !EMAIL.test(email) || CONTROL_CHARACTERS.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  }
  return email
}

function validPassword(value: unknown, missingMessage: string): string {
  if (typeof value !== 'string' || value === '') throw new AuthError(422, 'validation_failed', missingMessage)
  // bcrypt honours 72 bytes, not characters: "ñ" is two bytes in UTF-8.
  if (Buffer.byteLength(value) > MAX_PASSWORD_BYTES) {
    throw new AuthError(
      400,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes (UTF-8: letters such as ñ or á count as 2)`,
    )
  }
  if (value.length < MIN_PASSWORD) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`, {
      weak_password: { reasons: ['length'] },
    })
  }
  return value
}

/**
 * User metadata as Postgres can store it: an object (anything else is ignored, as GoTrue does) whose keys
 * and strings hold no NUL, which jsonb refuses. Walked with a stack, so deep nesting cannot overflow it.
 */
function validMetadata(value: unknown): Record<string, unknown> {
  if (!isObject(value)) return {}
  const pending: unknown[] = [value]
  while (pending.length) {
    const item = pending.pop()
    if (typeof item === 'string' && item.includes('\u0000')) {
      throw new AuthError(400, 'validation_failed', 'User metadata cannot contain NUL (\\u0000) characters')
    }
    if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) pending.push(key, child)
    }
  }
  return value
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
