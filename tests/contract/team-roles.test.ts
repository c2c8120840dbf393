// Staff roles through supabase-js: admins manage the team (public.staff) by row-level security, editors only
// write content, the team always keeps an admin and nobody removes their own access.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { account, client, embeddedOnly, isHosted, sharedTarget, type Account, type Target } from './target.ts'

let target: Target
let admin: Account
let editor: Account

beforeAll(async () => {
  target = await sharedTarget()
  admin = await account(target, { staff: true, role: 'admin' })
  editor = await account(target, { staff: true, role: 'editor' })
})
afterAll(() => target?.close())

const rolesOf = async (who: Account) => (await who.client.from('staff').select('user_id, role')).data ?? []

describe('staff roles', () => {
  it('an admin reads the whole team with e-mails and two-factor state; an editor only its own row and no list', async () => {
    expect(await rolesOf(admin)).toEqual(
      expect.arrayContaining([
        { user_id: editor.id, role: 'editor' },
        { user_id: admin.id, role: 'admin' },
      ]),
    )
    expect(await rolesOf(editor)).toEqual([{ user_id: editor.id, role: 'editor' }])
    const { data: team, error } = await admin.client.rpc('team_members')
    expect(error).toBeNull()
    expect(team).toEqual(
      expect.arrayContaining([expect.objectContaining({ user_id: editor.id, email: editor.email, role: 'editor', two_factor: false })]),
    )
    expect((await editor.client.rpc('team_members')).data).toEqual([])
    expect((await admin.client.rpc('is_admin')).data).toBe(true)
    expect((await editor.client.rpc('is_admin')).data).toBe(false)
  })

  it('editors write content like any staff', async () => {
    const { error } = await editor.client.from('blog_tags').insert({ name: 'Equipo', slug: `equipo-${editor.id.slice(0, 8)}` })
    expect(error).toBeNull()
  })

  it('an admin adds an account, changes its role and removes it; an editor can do none of it', async () => {
    const other = await account(target, { staff: false })
    const byEditor = await editor.client.from('staff').insert({ user_id: other.id, role: 'admin' })
    expect(byEditor.error?.code).toBe('42501')
    expect((await admin.client.from('staff').insert({ user_id: other.id, role: 'editor' })).error).toBeNull()
    expect((await other.client.rpc('is_staff')).data).toBe(true)

    const promoted = await editor.client.from('staff').update({ role: 'admin' }).eq('user_id', editor.id).select()
    expect(promoted.data).toEqual([])
    expect((await admin.client.from('staff').update({ role: 'admin' }).eq('user_id', other.id)).error).toBeNull()
    expect((await other.client.rpc('is_admin')).data).toBe(true)

    expect((await editor.client.from('staff').delete().eq('user_id', other.id).select()).data).toEqual([])
    expect((await admin.client.from('staff').delete().eq('user_id', other.id)).error).toBeNull()
    expect((await other.client.rpc('is_staff')).data).toBe(false)
    const { error: refreshError } = await other.client.auth.refreshSession()
    expect(refreshError?.code).toBe('refresh_token_not_found')
  })

  it('nobody removes their own access', async () => {
    const { error } = await admin.client.from('staff').delete().eq('user_id', admin.id)
    expect(error?.code).toBe('42501')
    expect(error?.hint).toBe('remove_self')
    expect((await admin.client.rpc('is_admin')).data).toBe(true)
  })

  it('only the role column can change', async () => {
    const { error } = await admin.client.from('staff').update({ user_id: editor.id }).eq('user_id', admin.id)
    expect(error?.code).toBe('42501')
  })

  it.skipIf(isHosted)(`the last admin cannot be demoted, even with the service role ${embeddedOnly}`, async () => {
    const service = client(target, target.serviceRoleKey)
    const { data: admins } = await service.from('staff').select('user_id').eq('role', 'admin')
    const others = (admins ?? []).map((row) => row.user_id).filter((id) => id !== admin.id)
    if (others.length) expect((await service.from('staff').update({ role: 'editor' }).in('user_id', others)).error).toBeNull()
    const demoted = await admin.client.from('staff').update({ role: 'editor' }).eq('user_id', admin.id)
    expect(demoted.error?.code).toBe('23514')
    expect(demoted.error?.hint).toBe('last_admin')
    const bySql = await service.from('staff').update({ role: 'editor' }).eq('role', 'admin')
    expect(bySql.error?.hint).toBe('last_admin')
    expect((await admin.client.rpc('is_admin')).data).toBe(true)
  })
})
