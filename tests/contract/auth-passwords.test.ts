// Passwords through supabase-js: the forgotten-password link (single use, one hour, every other session
// ends), changing a password with the current one or a re-authentication code, and an answer to
// /recover that tells nothing about whether the address has an account.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followLink, Mailbox } from './mailbox.ts'
import { account, client, decodeJwt, embeddedOnly, isHosted, startTarget, uniqueEmail, type Target } from './target.ts'

const mailbox = new Mailbox()
let target: Target

beforeAll(async () => {
  target = await startTarget({ auth: { mailer: mailbox.mailer } })
})
afterAll(() => target?.close())

/** A client signed in with the session an e-mailed link's fragment carried. */
async function fromFragment(params: URLSearchParams): Promise<SupabaseClient> {
  const supabase = client(target)
  const { error } = await supabase.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
  expect(error).toBeNull()
  return supabase
}

describe.skipIf(isHosted)(`forgotten password ${embeddedOnly}`, () => {
  it('answers the same for an account and for an unknown address, and mails only the account', async () => {
    const someone = await account(target, { staff: false })
    const unknown = uniqueEmail('nadie')
    const known = await client(target).auth.resetPasswordForEmail(someone.email, { redirectTo: `${target.url}/auth/restablecer` })
    const stranger = await client(target).auth.resetPasswordForEmail(unknown, { redirectTo: `${target.url}/auth/restablecer` })
    expect(known).toEqual({ data: {}, error: null })
    expect(stranger).toEqual({ data: {}, error: null })
    await mailbox.latest(someone.email)
    expect(mailbox.countTo(unknown)).toBe(0)
  })

  it('mails a single-use link that signs in, sets a new password without the old one, and ends every other session', async () => {
    const someone = await account(target, { staff: false })
    const elsewhere = client(target)
    expect((await elsewhere.auth.signInWithPassword({ email: someone.email, password: someone.password })).error).toBeNull()

    await client(target).auth.resetPasswordForEmail(someone.email, { redirectTo: `${target.url}/auth/restablecer` })
    const { link, message } = await mailbox.latest(someone.email)
    expect(message.subject).toMatch(/contraseña/)
    const { location, params } = await followLink(link!)
    expect(location.pathname).toBe('/auth/restablecer')
    expect(params.get('type')).toBe('recovery')
    const claims = decodeJwt(params.get('access_token')!)
    expect(claims).toMatchObject({ sub: someone.id, aal: 'aal1', amr: [{ method: 'otp' }] })

    const recovered = await fromFragment(params)
    expect((await recovered.auth.updateUser({ password: 'nueva-clave-segura' })).error).toBeNull()
    expect((await elsewhere.auth.refreshSession()).error?.code).toBe('refresh_token_not_found')
    expect((await someone.client.auth.refreshSession()).error).not.toBeNull()
    expect((await recovered.auth.refreshSession()).error).toBeNull()
    expect((await client(target).auth.signInWithPassword({ email: someone.email, password: 'nueva-clave-segura' })).error).toBeNull()

    const again = await followLink(link!)
    expect(again.params.get('error_code')).toBe('otp_expired')
    expect(again.params.get('access_token')).toBeNull()
  })

  it('takes the six-digit code of the same e-mail through verifyOtp, once', async () => {
    const someone = await account(target, { staff: false })
    await client(target).auth.resetPasswordForEmail(someone.email)
    const { code } = await mailbox.latest(someone.email)
    const verified = await client(target).auth.verifyOtp({ email: someone.email, token: code, type: 'recovery' })
    expect(verified.error).toBeNull()
    expect(verified.data.session?.user.id).toBe(someone.id)
    expect(verified.data.user?.last_sign_in_at).toBeTruthy()
    const reused = await client(target).auth.verifyOtp({ email: someone.email, token: code, type: 'recovery' })
    expect(reused.error?.code).toBe('otp_expired')
    expect(reused.error?.status).toBe(403)
  })

  it('refuses a link after its lifetime', async () => {
    const shortLived = await startTarget({ auth: { mailer: mailbox.mailer, linkSeconds: 1 } })
    try {
      const admin = client(shortLived, shortLived.serviceRoleKey)
      const email = uniqueEmail('caduca')
      await admin.auth.admin.createUser({ email, password: 'clave-segura-1', email_confirm: true })
      const { data } = await admin.auth.admin.generateLink({ type: 'recovery', email })
      await new Promise((resolve) => setTimeout(resolve, 2100))
      const { error } = await client(shortLived).auth.verifyOtp({ token_hash: data.properties!.hashed_token, type: 'recovery' })
      expect(error?.code).toBe('otp_expired')
    } finally {
      await shortLived.close()
    }
  })
})

describe('changing the password while signed in', () => {
  it('needs the current password: missing, wrong and unchanged are refused with GoTrue codes', async () => {
    const someone = await account(target, { staff: false })
    const missing = await someone.client.auth.updateUser({ password: 'otra-clave-nueva' })
    expect(missing.error?.code).toBe('current_password_required')
    const wrong = await someone.client.auth.updateUser({ password: 'otra-clave-nueva', current_password: 'no-es-esta' })
    expect(wrong.error?.code).toBe('current_password_invalid')
    const same = await someone.client.auth.updateUser({ password: someone.password, current_password: someone.password })
    expect(same.error?.code).toBe('same_password')
  })

  it('changes it with the current password, keeps this session and ends the others', async () => {
    const someone = await account(target, { staff: false })
    const other = client(target)
    await other.auth.signInWithPassword({ email: someone.email, password: someone.password })
    const { error } = await someone.client.auth.updateUser({ password: 'clave-cambiada-1', current_password: someone.password })
    expect(error).toBeNull()
    expect((await someone.client.auth.refreshSession()).error).toBeNull()
    expect((await other.auth.refreshSession()).error).not.toBeNull()
    expect((await client(target).auth.signInWithPassword({ email: someone.email, password: 'clave-cambiada-1' })).error).toBeNull()
  })

  it.skipIf(isHosted)(`changes it with a mailed re-authentication code, which works once ${embeddedOnly}`, async () => {
    const someone = await account(target, { staff: false })
    expect((await someone.client.auth.reauthenticate()).error).toBeNull()
    const { code } = await mailbox.latest(someone.email, /verificación/)
    expect((await someone.client.auth.updateUser({ password: 'clave-por-codigo', nonce: code })).error).toBeNull()
    const reused = await someone.client.auth.updateUser({ password: 'otra-vez-cambiada', nonce: code })
    expect(reused.error?.code).toBe('reauthentication_not_valid')
  })

  it('updates user metadata without a password', async () => {
    const someone = await account(target, { staff: false })
    const { data, error } = await someone.client.auth.updateUser({ data: { nombre: 'Lucía' } })
    expect(error).toBeNull()
    expect(data.user?.user_metadata).toMatchObject({ nombre: 'Lucía' })
  })
})
