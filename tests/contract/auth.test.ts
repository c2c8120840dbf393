// The auth calls the admin panel makes (sign up, sign in, sign out, session, auth state changes, JWKS) and the
// GoTrue behaviour the admin relies on, through @supabase/supabase-js only.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, client, decodeJwt, embeddedOnly, isHosted, startTarget, uniqueEmail, type Target } from './target.ts'

let target: Target
// GoTrue's default reuse interval is 10 s; the embedded backend under test uses 1 s to keep the suite fast.
const reuseIntervalSeconds = isHosted ? 10 : 1

beforeAll(async () => {
  target = await startTarget({ auth: { refreshReuseIntervalSeconds: reuseIntervalSeconds } })
})
afterAll(() => target?.close())

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('sign up', () => {
  // Public sign-up is off (GoTrue's disable_signup, decision 0088): accounts come from an admin's invitation.
  it('is refused with 422 signup_disabled, "Signups not allowed for this instance", and makes no account', async () => {
    const email = uniqueEmail('Signup')
    const supabase = client(target)
    const { data, error } = await supabase.auth.signUp({
      email: email.toUpperCase(),
      password: 'secreto-123',
      options: { emailRedirectTo: `${target.url}/admin` },
    })
    expect(data.session).toBeNull()
    expect(data.user).toBeNull()
    expect(error?.status).toBe(422)
    expect(error?.code).toBe('signup_disabled')
    expect(error?.message).toBe('Signups not allowed for this instance')
    expect((await supabase.auth.getSession()).data.session).toBeNull()
    expect((await supabase.auth.signInWithPassword({ email, password: 'secreto-123' })).error?.code).toBe('invalid_credentials')
  })

  it('answers an e-mail already registered exactly as a new one', async () => {
    const existing = await account(target, { staff: false })
    const { data, error } = await client(target).auth.signUp({ email: existing.email, password: 'otro-secreto-456' })
    expect(data.session).toBeNull()
    expect(error?.code).toBe('signup_disabled')
    // The account is untouched: its own password still opens it.
    expect((await client(target).auth.signInWithPassword({ email: existing.email, password: existing.password })).error).toBeNull()
  })

  it('says so in the settings supabase-js and the admin can read', async () => {
    const settings = (await (await fetch(`${target.url}/auth/v1/settings`, { headers: { apikey: target.anonKey } })).json()) as Record<
      string,
      unknown
    >
    expect(settings).toMatchObject({ disable_signup: true, mailer_autoconfirm: false, external: { email: true } })
  })

  it('still refuses an invalid e-mail address as such', async () => {
    const { error } = await client(target).auth.signUp({ email: 'no-es-un-email', password: 'secreto-123' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
  })
})

describe('sign in', () => {
  it('returns a one-hour session whose access token carries the user and the authenticated role', async () => {
    const user = await account(target, { staff: false })
    const { data, error } = await client(target).auth.signInWithPassword({ email: user.email, password: user.password })
    expect(error).toBeNull()
    const claims = decodeJwt(data.session!.access_token)
    expect(claims.sub).toBe(user.id)
    expect(claims.role).toBe('authenticated')
    expect(claims.email).toBe(user.email)
    expect(Number(claims.exp) - Number(claims.iat)).toBe(3600)
    expect(data.session!.expires_at).toBe(claims.exp)
  })

  it('answers a wrong password and an unknown e-mail alike: 400 invalid_credentials, "Invalid login credentials"', async () => {
    const user = await account(target, { staff: false })
    for (const attempt of [
      { email: user.email, password: 'contraseña-equivocada' },
      { email: uniqueEmail('nobody'), password: user.password },
    ]) {
      const { data, error } = await client(target).auth.signInWithPassword(attempt)
      expect(data.session).toBeNull()
      expect(error?.status).toBe(400)
      expect(error?.code).toBe('invalid_credentials')
      expect(error?.message).toBe('Invalid login credentials')
    }
  })

  it('notifies auth state subscribers of sign-in and sign-out', async () => {
    const user = await account(target, { staff: false })
    const supabase = client(target)
    const events: string[] = []
    const { data } = supabase.auth.onAuthStateChange((event) => events.push(event))
    await supabase.auth.signInWithPassword({ email: user.email, password: user.password })
    await supabase.auth.signOut()
    data.subscription.unsubscribe()
    expect(events).toEqual(expect.arrayContaining(['SIGNED_IN', 'SIGNED_OUT']))
    expect(events.indexOf('SIGNED_IN')).toBeLessThan(events.indexOf('SIGNED_OUT'))
  })
})

describe('current user and tokens', () => {
  it('getUser returns the signed-in user', async () => {
    const user = await account(target, { staff: false })
    const { data, error } = await user.client.auth.getUser()
    expect(error).toBeNull()
    expect(data.user?.id).toBe(user.id)
    expect(data.user?.email).toBe(user.email)
  })

  it('publishes its signing key at /.well-known/jwks.json, so getClaims verifies tokens locally', async () => {
    const user = await account(target, { staff: false })
    const { data, error } = await user.client.auth.getClaims()
    expect(error).toBeNull()
    expect(data?.claims.sub).toBe(user.id)
  })

  it('refuses a forged token with 403 bad_jwt', async () => {
    const user = await account(target, { staff: false })
    const { data: session } = await user.client.auth.getSession()
    const [head, body] = session.session!.access_token.split('.')
    const forgedBody = Buffer.from(JSON.stringify({ ...decodeJwt(session.session!.access_token), sub: crypto.randomUUID() })).toString('base64url')
    const { error } = await client(target).auth.getUser(`${head}.${forgedBody}.${body}`)
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
  })

  it.skipIf(isHosted)(`refuses an expired token (auth: 403 bad_jwt; rest: 401 "JWT expired") ${embeddedOnly}`, async () => {
    const user = await account(target, { staff: false })
    const { data: session } = await user.client.auth.getSession()
    const claims = decodeJwt(session.session!.access_token)
    const expired = await target.signToken!({ ...claims, iat: 1_700_000_000, exp: 1_700_003_600 })
    const { error } = await client(target).auth.getUser(expired)
    expect(error?.status).toBe(403)
    expect(error?.code).toBe('bad_jwt')
    expect(error?.message).toContain('token is expired')
    const rest = client(target)
    const { error: restError, status } = await rest.from('blog_tags').select('*').setHeader('Authorization', `Bearer ${expired}`)
    expect(status).toBe(401)
    // PostgREST 12.0.2 (embedded) codes it PGRST301, 13 (hosted) PGRST303; the message is the same.
    expect(['PGRST301', 'PGRST303']).toContain(restError?.code)
    expect(restError?.message).toBe('JWT expired')
  })
})

describe('refresh tokens', () => {
  it('rotate: each refresh returns a new refresh token and a working access token', async () => {
    const user = await account(target, { staff: false })
    const { data: before } = await user.client.auth.getSession()
    const { data, error } = await client(target).auth.refreshSession({ refresh_token: before.session!.refresh_token })
    expect(error).toBeNull()
    expect(data.session!.refresh_token).not.toBe(before.session!.refresh_token)
    const { data: me } = await client(target).auth.getUser(data.session!.access_token)
    expect(me.user?.id).toBe(user.id)
  })

  it('a rotated token presented again within the reuse interval returns the current token (two tabs refreshing)', async () => {
    const user = await account(target, { staff: false })
    const { data: before } = await user.client.auth.getSession()
    const first = await client(target).auth.refreshSession({ refresh_token: before.session!.refresh_token })
    const again = await client(target).auth.refreshSession({ refresh_token: before.session!.refresh_token })
    expect(again.error).toBeNull()
    expect(again.data.session!.refresh_token).toBe(first.data.session!.refresh_token)
  })

  it('reuse after the interval is detected: 400 refresh_token_already_used, and the whole session is revoked', async () => {
    const user = await account(target, { staff: false })
    const { data: before } = await user.client.auth.getSession()
    const original = before.session!.refresh_token
    const rotated = await client(target).auth.refreshSession({ refresh_token: original })
    expect(rotated.error).toBeNull()
    await sleep(reuseIntervalSeconds * 1000 + 1200)
    const reused = await client(target).auth.refreshSession({ refresh_token: original })
    expect(reused.error?.status).toBe(400)
    expect(reused.error?.code).toBe('refresh_token_already_used')
    // The stolen family is dead: the newest refresh token and the session's access token stop working.
    const newest = await client(target).auth.refreshSession({ refresh_token: rotated.data.session!.refresh_token })
    expect(newest.error?.status).toBe(400)
    // GoTrue answers 403 session_not_found, which auth-js turns into AuthSessionMissingError.
    const me = await client(target).auth.getUser(rotated.data.session!.access_token)
    expect(me.data.user).toBeNull()
    expect(me.error?.name).toBe('AuthSessionMissingError')
  })

  it('an unknown refresh token gets 400 refresh_token_not_found', async () => {
    const { error } = await client(target).auth.refreshSession({ refresh_token: 'no-existe-este-token' })
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('refresh_token_not_found')
  })
})

describe('sign out', () => {
  it('ends the session: its refresh token and session-bound calls stop working', async () => {
    const user = await account(target, { staff: false })
    const { data: before } = await user.client.auth.getSession()
    const { error } = await user.client.auth.signOut()
    expect(error).toBeNull()
    expect((await user.client.auth.getSession()).data.session).toBeNull()
    const refreshed = await client(target).auth.refreshSession({ refresh_token: before.session!.refresh_token })
    expect(refreshed.error?.status).toBe(400)
    const me = await client(target).auth.getUser(before.session!.access_token)
    expect(me.data.user).toBeNull()
    expect(me.error?.name).toBe('AuthSessionMissingError')
  })
})

describe.skipIf(isHosted)(`rate limits ${embeddedOnly}`, () => {
  it('limits sign-ins per address: 429 over_request_rate_limit once the window is used up', async () => {
    const limited = await startTarget({ auth: { signInRateLimit: 3 } })
    try {
      const supabase = client(limited)
      const statuses: (number | undefined)[] = []
      for (let i = 0; i < 4; i++) {
        const { error } = await supabase.auth.signInWithPassword({ email: 'nadie@example.com', password: 'secreto-123' })
        statuses.push(error?.status)
        if (i === 3) expect(error?.code).toBe('over_request_rate_limit')
      }
      expect(statuses).toEqual([400, 400, 400, 429])
    } finally {
      await limited.close()
    }
  })
})
