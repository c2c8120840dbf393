// GoTrue's admin API (service-role key only): users (create, list, get, update, delete), their MFA factors,
// and generate_link (supabase/auth internal/api/{admin,mail}.go). generate_link makes a link without
// sending it, for the caller to deliver.
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { requireServiceRole, type AuthContext } from './context.ts'
import { disabled } from './disabled.ts'
import { AuthError, userNotFound } from './errors.ts'
import { isObject, normaliseEmail, parseBody, uuidOr, validMetadata, validPassword } from './input.ts'
import { actionLink, issueToken, safeRedirect, type TokenKind, type VerifyType } from './links.ts'
import { mergeMetadata } from './user.ts'
import { factorJson, factorsOf, findUserByEmail, findUserById, insertUser, NO_PASSWORD, userJson, type FactorRow, type UserRow } from './users.ts'

const emailExists = () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
const factorNotFound = () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found')

export async function adminRoute(ctx: AuthContext, req: ApiRequest, route: string): Promise<Reply | undefined> {
  const [, , , id, sub, factorId] = req.path.replace(/\/+$/, '').split('/')
  if (route === 'POST /admin/users') return guarded(ctx, req, createUser)
  if (route === 'GET /admin/users') return guarded(ctx, req, listUsers)
  if (route === 'POST /admin/generate_link') return guarded(ctx, req, generateLink)
  if (!req.path.startsWith('/admin/users/')) return undefined
  if (sub === undefined) {
    if (req.method === 'GET') return guarded(ctx, req, () => getUser(ctx, id))
    if (req.method === 'PUT') return guarded(ctx, req, () => updateUser(ctx, req, id))
    if (req.method === 'DELETE') return guarded(ctx, req, () => deleteUser(ctx, id))
  }
  if (sub === 'factors' && factorId === undefined && req.method === 'GET') return guarded(ctx, req, () => listFactors(ctx, id))
  if (sub === 'factors' && factorId !== undefined && req.method === 'DELETE') return guarded(ctx, req, () => deleteFactor(ctx, id, factorId))
  return undefined
}

async function guarded(ctx: AuthContext, req: ApiRequest, handler: (ctx: AuthContext, req: ApiRequest) => Promise<Reply>): Promise<Reply> {
  await requireServiceRole(ctx, req)
  return handler(ctx, req)
}

async function createUser(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const body = parseBody(req)
  if (body.phone && !body.email) throw disabled.phone()
  const email = normaliseEmail(body.email)
  const hash =
    body.password === undefined || body.password === null ? NO_PASSWORD : await ctx.hasher.hash(validPassword(body.password, 'Password is required'))
  const user = await ctx.db.transaction(async (tx) => {
    const created = await insertUser(tx, email, hash, validMetadata(body.user_metadata), {
      confirmed: body.email_confirm === true,
      appMetadata: validMetadata(body.app_metadata),
    })
    if (!created) throw emailExists()
    return body.ban_duration ? ban(tx, created.id, body.ban_duration) : created
  })
  return json(200, userJson(user))
}

async function listUsers(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const page = Number(req.query.get('page') || '1')
  const perPage = Number(req.query.get('per_page') || '50')
  if (!Number.isInteger(page) || !Number.isInteger(perPage) || page < 1 || perPage < 1 || perPage > 1000) {
    throw new AuthError(400, 'validation_failed', 'Bad Pagination Parameters')
  }
  const { users, total } = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<UserRow>('select * from auth.users order by created_at desc, id limit $1 offset $2', [
      perPage,
      (page - 1) * perPage,
    ])
    const { rows: count } = await tx.query<{ n: number }>('select count(*)::int as n from auth.users')
    const factors = await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = any($1::uuid[])', [rows.map((u) => u.id)])
    return {
      users: rows.map((u) =>
        userJson(
          u,
          factors.rows.filter((f) => f.user_id === u.id),
        ),
      ),
      total: count[0]?.n ?? 0,
    }
  })
  const lastPage = Math.max(1, Math.ceil(total / perPage))
  const link = (p: number, rel: string) => `</admin/users?page=${p}&per_page=${perPage}>; rel="${rel}"`
  const links = [...(page < lastPage ? [link(page + 1, 'next')] : []), link(lastPage, 'last')]
  return json(200, { aud: 'authenticated', users }, { 'X-Total-Count': String(total), Link: links.join(', ') })
}

async function getUser(ctx: AuthContext, rawId: string | undefined): Promise<Reply> {
  const id = uuidOr(rawId, userNotFound)
  return ctx.db.transaction(async (tx) => {
    const user = await findUserById(tx, id)
    if (!user) throw userNotFound()
    return json(200, userJson(user, await factorsOf(tx, id)))
  })
}

async function updateUser(ctx: AuthContext, req: ApiRequest, rawId: string | undefined): Promise<Reply> {
  const id = uuidOr(rawId, userNotFound)
  const body = parseBody(req)
  if (body.phone) throw disabled.phone()
  const email = body.email === undefined ? undefined : normaliseEmail(body.email)
  const hash = typeof body.password === 'string' ? await ctx.hasher.hash(validPassword(body.password, 'Password is required')) : undefined
  const user = await ctx.db.transaction(async (tx) => {
    let user = await findUserById(tx, id)
    if (!user) throw userNotFound()
    const set = async (sql: string, values: unknown[]) => {
      user = (await tx.query<UserRow>(sql, [id, ...values])).rows[0] ?? user
    }
    if (email && email !== user.email) {
      if (await findUserByEmail(tx, email)) throw emailExists()
      await set('update auth.users set email = $2, updated_at = now() where id = $1 returning *', [email])
    }
    if (hash) {
      await set('update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *', [hash])
      await tx.query('delete from auth.sessions where user_id = $1', [id])
    }
    if (body.email_confirm === true) {
      await set(
        `update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()),
           raw_user_meta_data = raw_user_meta_data || '{"email_verified": true}'::jsonb, updated_at = now() where id = $1 returning *`,
        [],
      )
    }
    if (isObject(body.user_metadata)) await set(mergeMetadata('raw_user_meta_data'), [JSON.stringify(validMetadata(body.user_metadata))])
    if (isObject(body.app_metadata)) await set(mergeMetadata('raw_app_meta_data'), [JSON.stringify(validMetadata(body.app_metadata))])
    if (body.ban_duration) user = await ban(tx, id, body.ban_duration)
    return userJson(user, await factorsOf(tx, id))
  })
  return json(200, user)
}

async function deleteUser(ctx: AuthContext, rawId: string | undefined): Promise<Reply> {
  const id = uuidOr(rawId, userNotFound)
  const deleted = await ctx.db.transaction(async (tx) => (await tx.query<UserRow>('delete from auth.users where id = $1 returning *', [id])).rows[0])
  if (!deleted) throw userNotFound()
  return json(200, {})
}

async function listFactors(ctx: AuthContext, rawId: string | undefined): Promise<Reply> {
  const id = uuidOr(rawId, userNotFound)
  const factors = await ctx.db.transaction(async (tx) => {
    if (!(await findUserById(tx, id))) throw userNotFound()
    return factorsOf(tx, id)
  })
  return json(200, factors.map(factorJson))
}

async function deleteFactor(ctx: AuthContext, rawId: string | undefined, rawFactorId: string): Promise<Reply> {
  const id = uuidOr(rawId, userNotFound)
  const factorId = uuidOr(rawFactorId, factorNotFound)
  const factor = await ctx.db.transaction(async (tx) => {
    if (!(await findUserById(tx, id))) throw userNotFound()
    return (await tx.query<FactorRow>('delete from auth.mfa_factors where id = $1 and user_id = $2 returning *', [factorId, id])).rows[0]
  })
  if (!factor) throw factorNotFound()
  return json(200, factorJson(factor))
}

const LINK_TYPES: Record<string, { kind: TokenKind; type: VerifyType }> = {
  signup: { kind: 'confirmation', type: 'signup' },
  invite: { kind: 'confirmation', type: 'invite' },
  magiclink: { kind: 'recovery', type: 'magiclink' },
  recovery: { kind: 'recovery', type: 'recovery' },
}

async function generateLink(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const body = parseBody(req)
  const linkType = typeof body.type === 'string' ? LINK_TYPES[body.type] : undefined
  if (typeof body.type === 'string' && body.type.startsWith('email_change'))
    throw new AuthError(422, 'email_change_disabled', 'Email changes are disabled')
  if (!linkType) throw new AuthError(400, 'validation_failed', 'Invalid email action link type requested: ' + String(body.type))
  const email = normaliseEmail(body.email)
  const password = body.type === 'signup' ? validPassword(body.password, 'Signup requires a valid password') : undefined
  const hash = password ? await ctx.hasher.hash(password) : NO_PASSWORD
  const redirectTo = safeRedirect(ctx, req.query.get('redirect_to') ?? body.redirect_to)
  const metadata = validMetadata(body.data)
  const { user, token } = await ctx.db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email)
    if (body.type === 'signup' || body.type === 'invite') {
      if (user?.email_confirmed_at) throw emailExists()
      user ??= (await insertUser(tx, email, hash, metadata, { confirmed: false, invited: body.type === 'invite' })) ?? undefined
    }
    if (!user) throw userNotFound()
    return { user, token: await issueToken(tx, user, linkType.kind) }
  })
  return json(200, {
    ...userJson(user),
    action_link: actionLink(ctx, token.hash, linkType.type, redirectTo),
    email_otp: token.otp,
    hashed_token: token.hash,
    redirect_to: redirectTo,
    verification_type: linkType.type,
  })
}

/** GoTrue's ban_duration: "none" lifts a ban, a Go duration ("24h", "1h30m") sets one from now. */
async function ban(tx: import('../db.ts').Transaction, id: string, duration: unknown): Promise<UserRow> {
  let seconds: number | null = null
  if (duration !== 'none') {
    const parts = typeof duration === 'string' ? [...duration.matchAll(/(\d+(?:\.\d+)?)(h|ms|m|s)/g)] : []
    const units: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 }
    if (!parts.length || parts.map((p) => p[0]).join('') !== duration)
      throw new AuthError(400, 'validation_failed', 'invalid format for ban duration')
    seconds = parts.reduce((sum, p) => sum + Number(p[1]) * units[p[2]!]!, 0)
  }
  const { rows } = await tx.query<UserRow>(
    `update auth.users set banned_until = case when $2::float8 is null then null else now() + make_interval(secs => $2::float8) end,
       updated_at = now() where id = $1 returning *`,
    [id, seconds],
  )
  if (seconds !== null) await tx.query('delete from auth.sessions where user_id = $1', [id])
  return rows[0]!
}
