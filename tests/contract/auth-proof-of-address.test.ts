// Attacks on how an address becomes an account and an account becomes staff, played through supabase-js and
// raw HTTP against the embedded backend: an account registered before its invitation (so that the attacker's
// password would open a staff account), and the answers and mails of /signup and /otp that told known
// addresses from unknown ones and mailed strangers. An address gains a right only once its owner has opened a
// link mailed to it (docs/decisions/0088-no-public-sign-up.md).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { followLink, Mailbox } from './mailbox.ts'
import { account, client, embeddedOnly, isHosted, startTarget, uniqueEmail, type Account, type Target } from './target.ts'

const mailbox = new Mailbox()
let target: Target
let admin: Account
const EMAILS_PER_CLIENT = 8

beforeAll(async () => {
  if (isHosted) return
  target = await startTarget({ auth: { mailer: mailbox.mailer } })
  admin = await account(target, { staff: true, role: 'admin' })
})
afterAll(() => target?.close())

/** A raw GoTrue call, as an attacker sends it. */
async function auth(path: string, body: unknown, on = target): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${on.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: on.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function invite(email: string) {
  return admin.client.functions.invoke('team-invite', { body: { email, role: 'editor', redirect_to: `${target.url}/auth/nueva-contrasena` } })
}

/** What a session can see of the team's data: whether it is staff, and the leads it may read. */
async function staffView(session: Account['client']) {
  const staff = (await session.rpc('is_staff')).data
  const leads = (await session.from('leads').select('id')).data ?? []
  return { staff, leads: leads.length }
}

describe.skipIf(isHosted)(`an account registered before its invitation ${embeddedOnly}`, () => {
  it('public sign-up is refused (GoTrue disable_signup), and the settings say so', async () => {
    const email = uniqueEmail('maria.nueva')
    const signup = await auth('signup', { email, password: 'clave-del-atacante-1' })
    expect(signup).toEqual({
      status: 422,
      body: expect.objectContaining({ code: 'signup_disabled', message: 'Signups not allowed for this instance' }),
    })
    expect((await client(target).auth.signInWithPassword({ email, password: 'clave-del-atacante-1' })).error?.code).toBe('invalid_credentials')
    const settings = (await (await fetch(`${target.url}/auth/v1/settings`, { headers: { apikey: target.anonKey } })).json()) as Record<
      string,
      unknown
    >
    expect(settings).toMatchObject({ disable_signup: true, mailer_autoconfirm: false })
  })

  it('an invitation to an existing account mails its owner, and grants nothing to whoever knows its password until the link is opened', async () => {
    // An account registered before the invitation, by someone who is not its address's owner (before this
    // product refused sign-up, or a former member whose password leaked): the attacker knows its password.
    const attacker = await account(target, { staff: false })
    const { email, password } = attacker
    const before = await staffView(attacker.client)
    expect(before).toEqual({ staff: false, leads: 0 })

    const { data, error } = await invite(email)
    expect(error).toBeNull()
    // Not «ya tenía cuenta»: a mail went to the address, and the role waits for its owner.
    expect(data).toMatchObject({ invited: true, role: 'editor', user: { email } })
    const { link } = await mailbox.latest(email, /invitado/)
    expect(link).toBeTruthy()

    // The attacker, signed in with the password they chose, is not staff: the open session and a new one alike.
    expect(await staffView(attacker.client)).toEqual({ staff: false, leads: 0 })
    const again = client(target)
    expect((await again.auth.signInWithPassword({ email, password })).error).toBeNull()
    expect(await staffView(again)).toEqual({ staff: false, leads: 0 })

    // The address's owner opens the mailed link: a session from the link, on the team, choosing a password.
    const { location, params } = await followLink(link!)
    expect(location.pathname).toBe('/auth/nueva-contrasena')
    expect(params.get('type')).toBe('invite')
    const owner = client(target)
    await owner.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
    expect((await owner.rpc('is_staff')).data).toBe(true)

    // Whatever the attacker held stops at that moment: their sessions end and their password no longer opens it.
    expect((await again.rpc('is_staff')).data).not.toBe(true)
    expect((await again.auth.refreshSession()).error).not.toBeNull()
    expect((await client(target).auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials')
    expect((await owner.auth.updateUser({ password: 'clave-de-maria-1' })).error).toBeNull()
    expect((await client(target).auth.signInWithPassword({ email, password: 'clave-de-maria-1' })).error).toBeNull()
    const team = (await admin.client.rpc('team_members')).data ?? []
    expect(team).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'editor' })]))
  })

  it('an unconfirmed account keeps no password it was given before its address was proven', async () => {
    const service = client(target, target.serviceRoleKey)
    const email = uniqueEmail('sin-confirmar')
    expect((await service.auth.admin.createUser({ email, password: 'clave-del-atacante-2' })).error).toBeNull()
    expect((await invite(email)).data).toMatchObject({ invited: true })
    const { link } = await mailbox.latest(email, /invitado/)
    const { params } = await followLink(link!)
    expect(params.get('access_token')).toBeTruthy()
    expect((await client(target).auth.signInWithPassword({ email, password: 'clave-del-atacante-2' })).error?.code).toBe('invalid_credentials')
  })
})

describe.skipIf(isHosted)(`account enumeration and mail to anyone ${embeddedOnly}`, () => {
  it('/signup answers a known and an unknown address alike', async () => {
    const known = await account(target, { staff: false })
    const forKnown = await auth('signup', { email: known.email, password: 'otra-clave-123' })
    const forUnknown = await auth('signup', { email: uniqueEmail('nadie'), password: 'otra-clave-123' })
    expect(forKnown.status).toBe(forUnknown.status)
    expect(forKnown.body).toEqual(forUnknown.body)
  })

  it('/otp answers a known and an unknown address alike, creates no account and mails no stranger', async () => {
    const known = await account(target, { staff: false })
    const stranger = uniqueEmail('desconocida')
    for (const createUser of [false, true]) {
      const forKnown = await auth('otp', { email: known.email, create_user: createUser })
      const forUnknown = await auth('otp', { email: stranger, create_user: createUser })
      expect([createUser, forKnown]).toEqual([createUser, { status: 200, body: {} }])
      expect([createUser, forUnknown]).toEqual([createUser, forKnown])
    }
    // The known account gets its magic links; the stranger gets nothing, and no account was made for them.
    await mailbox.latest(known.email, /enlace para entrar/)
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(mailbox.countTo(stranger)).toBe(0)
    const users = (await client(target, target.serviceRoleKey).auth.admin.listUsers({ perPage: 1000 })).data.users
    expect(users.some((user) => user.email === stranger)).toBe(false)
  })

  it('limits the e-mails one client asks for, whatever the addresses: /otp, /recover and /resend share a per-client budget', async () => {
    // A backend of its own, with a small budget, so that this file's other mails do not count against it.
    const limited = await startTarget({ auth: { emailsPerClientRateLimit: EMAILS_PER_CLIENT } })
    const answers: number[] = []
    for (let i = 0; i < EMAILS_PER_CLIENT + 3; i++) {
      const path = ['otp', 'recover', 'resend'][i % 3]!
      const body = path === 'resend' ? { type: 'signup', email: uniqueEmail('lluvia') } : { email: uniqueEmail('lluvia') }
      answers.push((await auth(path, body, limited)).status)
    }
    await limited.close()
    expect(answers.filter((status) => status === 200)).toHaveLength(EMAILS_PER_CLIENT)
    expect(answers.slice(EMAILS_PER_CLIENT)).toEqual([429, 429, 429])
  })
})
