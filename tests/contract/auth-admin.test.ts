// GoTrue's admin API and invitations through supabase-js (service-role key), the e-mail rules every
// endpoint shares, and the features this product leaves out answering GoTrue's own "disabled" errors.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptInvitation, followLink, Mailbox } from './mailbox.ts'
import { account, client, embeddedOnly, isHosted, startTarget, uniqueEmail, type Target } from './target.ts'

const mailbox = new Mailbox()
let target: Target
const admin = () => client(target, target.serviceRoleKey).auth.admin

beforeAll(async () => {
  target = await startTarget({ auth: { mailer: mailbox.mailer } })
})
afterAll(() => target?.close())

describe('users', () => {
  it('createUser without email_confirm makes an unconfirmed account, which cannot sign in until confirmed', async () => {
    const email = uniqueEmail('sinconfirmar')
    const { data, error } = await admin().createUser({ email, password: 'clave-segura-1' })
    expect(error).toBeNull()
    expect(data.user?.email_confirmed_at).toBeFalsy()
    const refused = await client(target).auth.signInWithPassword({ email, password: 'clave-segura-1' })
    expect(refused.error?.code).toBe('email_not_confirmed')
    const confirmed = await admin().updateUserById(data.user!.id, { email_confirm: true })
    expect(confirmed.data.user?.email_confirmed_at).toBeTruthy()
    const signedIn = await client(target).auth.signInWithPassword({ email, password: 'clave-segura-1' })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.last_sign_in_at).toBeTruthy()
  })

  it('lists, gets, updates and deletes users; unknown ids are user_not_found', async () => {
    const someone = await account(target, { staff: false })
    const { data: list, error } = await admin().listUsers({ page: 1, perPage: 1000 })
    expect(error).toBeNull()
    expect(list.users.map((u) => u.email)).toContain(someone.email)
    expect((await admin().listUsers({ page: -1, perPage: 10 })).error?.code).toBe('validation_failed')
    expect((await admin().getUserById(someone.id)).data.user?.email).toBe(someone.email)
    const updated = await admin().updateUserById(someone.id, { user_metadata: { puesto: 'editora' }, app_metadata: { equipo: true } })
    expect(updated.data.user).toMatchObject({ user_metadata: { puesto: 'editora' }, app_metadata: { equipo: true } })
    expect((await admin().deleteUser(someone.id)).error).toBeNull()
    const gone = await admin().getUserById(someone.id)
    expect(gone.error?.code).toBe('user_not_found')
    expect(gone.error?.status).toBe(404)
    expect((await admin().deleteUser('00000000-0000-0000-0000-000000000000')).error?.code).toBe('user_not_found')
    expect((await someone.client.auth.refreshSession()).error).not.toBeNull()
  })

  it("a new password set by the admin ends the account's sessions", async () => {
    const someone = await account(target, { staff: false })
    expect((await admin().updateUserById(someone.id, { password: 'puesta-por-admin' })).error).toBeNull()
    expect((await someone.client.auth.refreshSession()).error).not.toBeNull()
  })

  it('refuses the admin API to the anon key and to a signed-in user', async () => {
    const someone = await account(target, { staff: true, role: 'admin' })
    for (const supabase of [client(target), someone.client]) {
      const { error } = await supabase.auth.admin.listUsers()
      expect(error?.status).toBe(403)
    }
  })

  it('generate_link makes a recovery link without sending it, usable once through verifyOtp', async () => {
    const someone = await account(target, { staff: false })
    const before = mailbox.countTo(someone.email)
    const { data, error } = await admin().generateLink({ type: 'recovery', email: someone.email })
    expect(error).toBeNull()
    expect(data.properties).toMatchObject({ verification_type: 'recovery', email_otp: expect.stringMatching(/^\d{6}$/) })
    expect(data.properties?.action_link).toMatch(/\/auth\/v1\/verify\?token=.*type=recovery/)
    const verified = await client(target).auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'recovery' })
    expect(verified.data.user?.id).toBe(someone.id)
    expect((await client(target).auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'recovery' })).error?.code).toBe('otp_expired')
    expect(mailbox.countTo(someone.email)).toBe(before)
  })
})

describe('invitations', () => {
  it.skipIf(isHosted)(`mail a single-use link that opens a session from which the invitee sets a password ${embeddedOnly}`, async () => {
    const email = uniqueEmail('invitada')
    const { data, error } = await admin().inviteUserByEmail(email, { redirectTo: `${target.url}/auth/invitacion` })
    expect(error).toBeNull()
    expect(data.user?.invited_at).toBeTruthy()
    expect(data.user?.email_confirmed_at).toBeFalsy()
    expect((await client(target).auth.signInWithPassword({ email, password: 'cualquier-cosa' })).error?.code).toBe('invalid_credentials')

    const { link, message } = await mailbox.latest(email)
    expect(message.subject).toMatch(/invitado/)
    await acceptInvitation(link!, '/auth/invitacion', client(target), 'mi-clave-nueva')
    const signedIn = await client(target).auth.signInWithPassword({ email, password: 'mi-clave-nueva' })
    expect(signedIn.error).toBeNull()
    expect(signedIn.data.user?.email_confirmed_at).toBeTruthy()
    expect((await followLink(link!)).params.get('error_code')).toBe('otp_expired')
  })

  it('refuse an address that already has a confirmed account', async () => {
    const someone = await account(target, { staff: false })
    const { error } = await admin().inviteUserByEmail(someone.email)
    expect(error?.code).toBe('email_exists')
    expect(error?.status).toBe(422)
  })
})

describe('e-mail addresses', () => {
  it.each(['xx:;x@x.x', 'a@b', 'dos@@x.es', 'con espacio@x.es', 'linea@x.es\r\nBcc: otro@x.es'])('refuses %j everywhere', async (email) => {
    const message = 'Unable to validate email address: invalid format'
    // Sign-up is off, but a malformed address is still told as such, before that.
    expect((await client(target).auth.signUp({ email, password: 'clave-segura-1' })).error?.message).toBe(message)
    expect((await admin().createUser({ email, password: 'clave-segura-1' })).error?.message).toBe(message)
    expect((await admin().inviteUserByEmail(email)).error?.message).toBe(message)
    expect((await client(target).auth.resetPasswordForEmail(email)).error?.message).toBe(message)
  })
})

describe('features left out answer GoTrue\'s "disabled" errors', () => {
  it('phone, anonymous sign-in, SSO and OAuth', async () => {
    const supabase = client(target)
    expect((await supabase.auth.signUp({ phone: '+34600000000', password: 'clave-segura-1' })).error?.code).toBe('phone_provider_disabled')
    expect((await supabase.auth.signInWithOtp({ phone: '+34600000000' })).error?.code).toBe('phone_provider_disabled')
    expect((await supabase.auth.signInAnonymously()).error?.code).toBe('anonymous_provider_disabled')
    expect((await supabase.auth.signInWithSSO({ domain: 'example.com' })).error?.code).toBe('saml_provider_disabled')
    expect((await supabase.auth.signInWithIdToken({ provider: 'google', token: 'x' })).error?.code).toBe('provider_disabled')
  })

  it('a phone code is never valid, and a malformed number is told so first', async () => {
    const supabase = client(target)
    expect((await supabase.auth.verifyOtp({ phone: '+34 600 000 000', token: '123456', type: 'sms' })).error?.code).toBe('otp_expired')
    const malformed = await supabase.auth.verifyOtp({ phone: '+34600000000-x', token: '123456', type: 'sms' })
    expect(malformed.error).toMatchObject({ status: 400, code: 'validation_failed', message: 'Invalid phone number format (E.164 required)' })
  })
})
