// The features this product leaves out answer as GoTrue answers them when they are off in a project's settings: the
// same error code and the same HTTP status, endpoint by endpoint (supabase/auth, internal/api: the handler or
// middleware named beside each case). Clients branch on the status as much as on the code.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { client, isHosted, startTarget, uniqueEmail, type Target } from './target.ts'

let target: Target

beforeAll(async () => {
  target = await startTarget()
})
afterAll(() => target?.close())

/** A raw request to /auth/v1 with the anon key, asking for GoTrue's current error shape (`{code, message}`). */
async function auth(method: string, path: string, body?: object): Promise<{ status: number; code: unknown }> {
  const response = await fetch(`${target.url}/auth/v1${path}`, {
    method,
    headers: {
      apikey: target.anonKey,
      Authorization: `Bearer ${target.anonKey}`,
      'Content-Type': 'application/json',
      'X-Supabase-Api-Version': '2024-01-01',
    },
    body: body && JSON.stringify(body),
  })
  const answer = (await response.json()) as { code?: unknown }
  return { status: response.status, code: answer.code }
}

const CASES: [string, string, string, object | undefined, number, string][] = [
  // token.go: a phone login with the phone provider off is 422; a phone sign-up, code or resend is 400.
  [
    'password sign-in with a phone (token.go)',
    'POST',
    '/token?grant_type=password',
    { phone: '+34600000000', password: 'clave-segura-1' },
    422,
    'phone_provider_disabled',
  ],
  ['phone sign-up (signup.go)', 'POST', '/signup', { phone: '+34600000000', password: 'clave-segura-1' }, 400, 'phone_provider_disabled'],
  ['phone code (otp.go, SmsOtp)', 'POST', '/otp', { phone: '+34600000000' }, 400, 'phone_provider_disabled'],
  ['SMS resend (resend.go)', 'POST', '/resend', { type: 'sms', phone: '+34600000000' }, 400, 'phone_provider_disabled'],
  // web3.go: 422.
  ['web3 sign-in (web3.go)', 'POST', '/token?grant_type=web3', { chain: 'solana', message: 'x', signature: 'x' }, 422, 'web3_provider_disabled'],
  // middleware.go, requireSAMLEnabled: 404 on /sso and /sso/saml/*.
  ['SSO sign-in (requireSAMLEnabled)', 'POST', '/sso', { domain: 'example.com' }, 404, 'saml_provider_disabled'],
  ['SAML metadata (requireSAMLEnabled)', 'GET', '/sso/saml/metadata', undefined, 404, 'saml_provider_disabled'],
  // middleware.go, requirePasskeyEnabled: 404.
  ['passkey sign-in (requirePasskeyEnabled)', 'POST', '/passkeys/authentication/options', {}, 404, 'passkey_disabled'],
  // middleware.go, requireOAuthServerEnabled: 404 feature_disabled.
  ['OAuth server client registration (requireOAuthServerEnabled)', 'POST', '/oauth/clients/register', {}, 404, 'feature_disabled'],
  // api.go, the /signup route: no e-mail and no phone is an anonymous sign-in, 422; signup.go: 422 with sign-up off.
  ['anonymous sign-in (api.go)', 'POST', '/signup', {}, 422, 'anonymous_provider_disabled'],
  ['e-mail sign-up (signup.go)', 'POST', '/signup', { email: 'nadie@example.com', password: 'clave-segura-1' }, 422, 'signup_disabled'],
  // token_oidc.go: 400.
  [
    'ID token of a provider that is off (token_oidc.go)',
    'POST',
    '/token?grant_type=id_token',
    { provider: 'google', id_token: 'x' },
    400,
    'provider_disabled',
  ],
]

describe("features left out answer GoTrue's status and code", () => {
  for (const [name, method, path, body, status, code] of CASES) {
    it(`${name}: ${status} ${code}`, async () => {
      expect(await auth(method, path, body)).toEqual({ status, code })
    })
  }

  it('through supabase-js: a phone sign-in is 422, SSO is 404', async () => {
    const supabase = client(target)
    const phone = await supabase.auth.signInWithPassword({ phone: '+34600000000', password: 'clave-segura-1' })
    expect(phone.error).toMatchObject({ status: 422, code: 'phone_provider_disabled' })
    const sso = await supabase.auth.signInWithSSO({ domain: 'example.com' })
    expect(sso.error).toMatchObject({ status: 404, code: 'saml_provider_disabled' })
    const otp = await supabase.auth.signInWithOtp({ phone: '+34600000000' })
    expect(otp.error).toMatchObject({ status: 400, code: 'phone_provider_disabled' })
  })
})

// Supabase's own auth-js suite signs up its accounts (scripts/compat/auth.sh): the backend can open sign-up for
// it, as a GoTrue project with `disable_signup` off and `mailer_autoconfirm` on. The product never does.
describe.skipIf(isHosted)('sign-up opened for Supabase’s own client suite', () => {
  let open: Target
  beforeAll(async () => {
    open = await startTarget({ auth: { openSignUp: true } })
  })
  afterAll(() => open?.close())

  it('makes a confirmed, signed-in account once per address, and says so in /settings', async () => {
    const supabase = client(open)
    const email = uniqueEmail('signup')
    const first = await supabase.auth.signUp({ email, password: 'clave-segura-1' })
    expect(first.error).toBeNull()
    expect(first.data.session?.user.email).toBe(email)
    expect(first.data.user?.email_confirmed_at).toBeTruthy()
    const again = await client(open).auth.signUp({ email, password: 'otra-clave-2' })
    expect(again.error).toMatchObject({ status: 422, code: 'user_already_exists' })
    const settings = await (await fetch(`${open.url}/auth/v1/settings`, { headers: { apikey: open.anonKey } })).json()
    expect(settings).toMatchObject({ disable_signup: false, mailer_autoconfirm: true })
    const closed = await (await fetch(`${target.url}/auth/v1/settings`, { headers: { apikey: target.anonKey } })).json()
    expect(closed).toMatchObject({ disable_signup: true, mailer_autoconfirm: false })
  })
})
