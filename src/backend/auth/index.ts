// /auth/v1: the part of GoTrue (supabase/auth) that @supabase/auth-js uses, with GoTrue's paths, bodies,
// error codes and JWT claims, one module per group of endpoints: sessions (sign-up, refused; sign-in, refresh,
// sign-out), user (the signed-in account, password change, re-authentication), recovery (e-mailed links
// and codes, /verify), invite, mfa (TOTP factors) and admin (service-role user management). Features the
// product leaves out answer GoTrue's own "disabled" errors (disabled.ts).
import type { Database } from '../db.ts'
import type { Keys } from '../keys.ts'
import { BusyHashing, PasswordHasher } from '../passwordHashing.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { adminRoute } from './admin.ts'
import { makeLimits, type AuthContext } from './context.ts'
import { disabled } from './disabled.ts'
import { AuthError, authErrorReply, rateLimited } from './errors.ts'
import { invite } from './invite.ts'
import type { AuthMailer } from './mail.ts'
import { FactorLocks, mfaRoute } from './mfa.ts'
import { defaultAuthOptions, type AuthOptions } from './options.ts'
import { otp, recover, resend, verifyGet, verifyPost } from './recovery.ts'
import { logout, signup, token } from './sessions.ts'
import { teamInvite } from './teamInvite.ts'
import { getUser, reauthenticate, updateUser } from './user.ts'

export { AuthError, authErrorReply } from './errors.ts'
export { ACCESS_TOKEN_SECONDS, defaultAuthOptions, type AuthOptions } from './options.ts'
export { ensureUser, validCredentials } from './users.ts'
export type { AuthMailer, AuthMessage } from './mail.ts'

/** Without a mailer, messages are dropped after their link is logged (outside production). */
const logOnly: AuthMailer = async () => {}

type Handler = (ctx: AuthContext, req: ApiRequest) => Promise<Reply> | Reply

const ROUTES: Record<string, Handler> = {
  'POST /signup': signup,
  'POST /token': token,
  'POST /logout': logout,
  'GET /user': getUser,
  'PUT /user': updateUser,
  'GET /reauthenticate': reauthenticate,
  'POST /recover': recover,
  'POST /otp': otp,
  'POST /resend': resend,
  'POST /verify': verifyPost,
  'GET /verify': verifyGet,
  'POST /invite': invite,
  'GET /settings': (ctx) =>
    json(200, {
      external: { email: true, phone: false, anonymous_users: false },
      // Accounts come from an admin's invitation, proven by its mailed link (decision 0088).
      disable_signup: !ctx.options.openSignUp,
      mailer_autoconfirm: Boolean(ctx.options.openSignUp),
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  'GET /health': () => json(200, { name: 'GoTrue', description: 'Embedded GoTrue-compatible auth service', version: 'embedded' }),
  'GET /.well-known/jwks.json': (ctx) => json(200, { keys: [ctx.keys.publicJwk] }, { 'Cache-Control': 'public, max-age=600' }),
  'GET /authorize': () => {
    throw disabled.oauth()
  },
  'POST /sso': () => {
    throw disabled.sso()
  },
  'GET /user/identities/authorize': () => {
    throw disabled.manualLinking()
  },
}

const FUNCTIONS: Record<string, Handler> = {
  'POST /team-invite': teamInvite,
}

export class AuthService {
  private readonly ctx: AuthContext

  constructor(db: Database, keys: Keys, issuer: string, options: AuthOptions = defaultAuthOptions, siteUrl = issuer.replace(/\/auth\/v1$/, '')) {
    this.ctx = {
      db,
      keys,
      issuer,
      siteUrl,
      options,
      hasher: new PasswordHasher(options.hashing, options.passwordHashCost),
      mailer: options.mailer ?? logOnly,
      factorLocks: new FactorLocks(options.mfaFailuresBeforeLock, options.mfaLockSeconds),
      limits: makeLimits(options),
    }
  }

  /** Stops the hashing workers (the server is closing). */
  close(): Promise<void> {
    return this.ctx.hasher.close()
  }

  async handle(req: ApiRequest, handler?: Handler): Promise<Reply> {
    try {
      return await (handler ? handler(this.ctx, req) : this.route(req))
    } catch (error) {
      if (error instanceof AuthError) return authErrorReply(req, error)
      if (error instanceof BusyHashing) return authErrorReply(req, rateLimited())
      throw error
    }
  }

  /**
   * /functions/v1: the server functions the admin calls with `supabase.functions.invoke`, where a hosted
   * project has Edge Functions. Answers in the auth service's error shape.
   */
  async handleFunction(req: ApiRequest): Promise<Reply> {
    const handler = FUNCTIONS[`${req.method} ${req.path.replace(/\/+$/, '')}`]
    if (!handler) return authErrorReply(req, new AuthError(404, 'not_found', `Function not found: ${req.path}`))
    return this.handle(req, handler)
  }

  private async route(req: ApiRequest): Promise<Reply> {
    const route = `${req.method} ${req.path.replace(/\/+$/, '')}`
    const handler = ROUTES[route]
    if (handler) return handler(this.ctx, req)
    const grouped = (await mfaRoute(this.ctx, req)) ?? (await adminRoute(this.ctx, req, route))
    if (grouped) return grouped
    if (req.method === 'DELETE' && req.path.startsWith('/user/identities/')) throw disabled.manualLinking()
    if (req.path.startsWith('/passkeys') || req.path.startsWith('/webauthn')) throw disabled.passkeys()
    if (req.path.startsWith('/admin/oauth') || req.path.startsWith('/oauth')) throw disabled.oauthServer()
    if (req.path.startsWith('/sso') || req.path.startsWith('/saml')) throw disabled.sso()
    throw new AuthError(404, 'not_found', `Not found: ${req.method} /auth/v1${req.path}`)
  }
}
