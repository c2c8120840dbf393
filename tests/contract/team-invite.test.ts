// The admin's invitation through supabase-js: `functions.invoke('team-invite')` with the caller's own token.
// Only an admin invites; the invitee gets a mailed link that opens a session, joins the team with the chosen
// role, and sets a password from that session. Nobody else can use it, and the service key stays on the server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { followLink, Mailbox } from './mailbox.ts'
import { account, client, embeddedOnly, startTarget, uniqueEmail, type Account, type Target } from './target.ts'

const mailbox = new Mailbox()
let target: Target
let admin: Account
let editor: Account

beforeAll(async () => {
  target = await startTarget({ auth: { mailer: mailbox.mailer } })
  admin = await account(target, { staff: true, role: 'admin' })
  editor = await account(target, { staff: true, role: 'editor' })
})
afterAll(() => target?.close())

async function errorCode(error: unknown): Promise<{ status: number; code: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError)
  const response = (error as FunctionsHttpError).context as Response
  const body = (await response.json()) as { error_code?: string; code?: string }
  return { status: response.status, code: body.error_code ?? body.code }
}

describe.skipIf(embeddedOnly)('team invitations', () => {
  it('an admin invites an editor: the link signs the invitee in, a password is set, and the team lists them', async () => {
    const email = uniqueEmail('invitada')
    const { data, error } = await admin.client.functions.invoke('team-invite', {
      body: { email, role: 'editor', redirect_to: `${target.url}/auth/nueva-contrasena` },
    })
    expect(error).toBeNull()
    expect(data).toMatchObject({ role: 'editor', invited: true, user: { email } })

    const { link } = await mailbox.latest(email, /invitado/)
    const { location, params } = await followLink(link!)
    expect(location.pathname).toBe('/auth/nueva-contrasena')
    expect(params.get('type')).toBe('invite')
    const invitee = client(target)
    await invitee.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
    expect((await invitee.auth.updateUser({ password: 'nueva-clave-1' })).error).toBeNull()
    expect((await invitee.rpc('is_staff')).data).toBe(true)
    expect((await invitee.rpc('is_admin')).data).toBe(false)

    const fresh = client(target)
    expect((await fresh.auth.signInWithPassword({ email, password: 'nueva-clave-1' })).error).toBeNull()
    const team = (await admin.client.rpc('team_members')).data ?? []
    expect(team).toEqual(expect.arrayContaining([expect.objectContaining({ email, role: 'editor' })]))
  })

  it('an editor, an account outside the team and the anon key are refused, and nothing is sent', async () => {
    const email = uniqueEmail('colada')
    for (const caller of [editor.client, (await account(target, { staff: false })).client]) {
      const { error } = await caller.functions.invoke('team-invite', { body: { email, role: 'admin' } })
      expect(await errorCode(error)).toEqual({ status: 403, code: 'not_admin' })
    }
    const { error } = await client(target).functions.invoke('team-invite', { body: { email } })
    expect((await errorCode(error)).status).toBe(403)
    expect(mailbox.countTo(email)).toBe(0)
  })

  it('someone already on the team, a bad e-mail or an unknown role get GoTrue-shaped 4xx errors', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: editor.email, role: 'editor' }, 'already_staff'],
      [{ email: 'xx:;x@x.x' }, 'validation_failed'],
      [{ email: 'a@example.com\r\nBcc: b@example.com' }, 'validation_failed'],
      [{ email: uniqueEmail('rol'), role: 'owner' }, 'validation_failed'],
    ]
    for (const [body, code] of cases) {
      const { error } = await admin.client.functions.invoke('team-invite', { body })
      const answer = await errorCode(error)
      expect(answer.code, JSON.stringify(body)).toBe(code)
      expect(answer.status).toBeLessThan(500)
    }
  })

  it('an account waiting for access joins the team at once, without a mail', async () => {
    const waiting = await account(target, { staff: false })
    const { data, error } = await admin.client.functions.invoke('team-invite', { body: { email: waiting.email, role: 'admin' } })
    expect(error).toBeNull()
    expect(data).toMatchObject({ invited: false, role: 'admin' })
    expect((await waiting.client.rpc('is_admin')).data).toBe(true)
    expect(mailbox.countTo(waiting.email)).toBe(0)
  })
})
