// Two-factor sign-in enforced by row-level security, through supabase-js: an account with a verified factor
// writes only with a session that passed it (the JWT's aal is aal2), whatever the admin's screens do; when an
// admin requires two-factor for the team, every account does. The same password sign-in with the code is
// let through; reads are not affected.
import { FunctionsHttpError, type SupabaseClient } from '@supabase/supabase-js'
import { afterAll, describe, expect, it } from 'vitest'
import { Database } from '../../src/backend/db.ts'
import type { Database as Schema } from '../../src/lib/database.types'
import { photo } from '../support/images.ts'
import { enrolTotp, totpCode } from '../support/totp.ts'
import { account, client, decodeJwt, embeddedOnly, freshDataDir, isHosted, serverWithTeam, unique, type Account } from './target.ts'

const team = serverWithTeam()
// Runs before serverWithTeam's own afterAll (after-hooks run in reverse): leaves a hosted project as it was.
afterAll(async () => {
  await client(team.target, team.target.serviceRoleKey).from('team_settings').update({ require_two_factor: false }).eq('id', true)
})

/** A second session of the same account, signed in with the password only (aal1). */
async function passwordOnly(someone: Account): Promise<SupabaseClient<Schema>> {
  const session = client(team.target)
  const { error } = await session.auth.signInWithPassword({ email: someone.email, password: someone.password })
  if (error) throw error
  return session
}

async function aalOf(supabase: SupabaseClient<Schema>): Promise<unknown> {
  const { data } = await supabase.auth.getSession()
  return decodeJwt(data.session!.access_token).aal
}

/** Tries each kind of write on a CMS table; what each returned. */
async function writes(supabase: SupabaseClient<Schema>, tagId: string) {
  const slug = unique('dos-pasos')
  const inserted = await supabase.from('blog_tags').insert({ name: slug, slug }).select('id')
  const updated = await supabase
    .from('blog_tags')
    .update({ name: unique('renombrado') })
    .eq('id', tagId)
    .select('id')
  const deleted = await supabase.from('blog_tags').delete().eq('slug', slug).select('id')
  return { inserted, updated: updated.data, deleted: deleted.data }
}

async function aTag(): Promise<string> {
  const slug = unique('etiqueta')
  const { data, error } = await client(team.target, team.target.serviceRoleKey).from('blog_tags').insert({ name: slug, slug }).select('id').single()
  if (error) throw error
  return data.id
}

describe('two-factor sign-in enforced by row-level security', () => {
  it('an enrolled account cannot write with an aal1 token, and can with the aal2 one', async () => {
    const someone = await account(team.target, { staff: true })
    await enrolTotp(someone.client)
    const tagId = await aTag()

    const weak = await passwordOnly(someone)
    expect(await aalOf(weak)).toBe('aal1')
    const refused = await writes(weak, tagId)
    expect(refused.inserted.error?.code).toBe('42501')
    expect(refused.updated).toEqual([])
    // reads are not restricted
    expect((await weak.from('blog_tags').select('id').eq('id', tagId)).data).toEqual([{ id: tagId }])

    expect(await aalOf(someone.client)).toBe('aal2')
    const allowed = await writes(someone.client, tagId)
    expect(allowed.inserted.error).toBeNull()
    expect(allowed.updated).toEqual([{ id: tagId }])
    expect(allowed.deleted).toHaveLength(1)
  })

  it('the second step raises a password session to aal2, and its writes go through', async () => {
    const someone = await account(team.target, { staff: true })
    const { factorId, secret } = await enrolTotp(someone.client)
    const weak = await passwordOnly(someone)
    const slug = unique('tras-el-codigo')
    expect((await weak.from('blog_tags').insert({ name: slug, slug })).error?.code).toBe('42501')
    expect((await weak.auth.mfa.challengeAndVerify({ factorId, code: totpCode(secret) })).error).toBeNull()
    expect((await weak.from('blog_tags').insert({ name: slug, slug })).error).toBeNull()
  })

  it('an account without a factor writes with aal1 while the team does not require two-factor', async () => {
    const tagId = await aTag()
    const allowed = await writes(team.editor.client, tagId)
    expect(allowed.inserted.error).toBeNull()
    expect(allowed.updated).toEqual([{ id: tagId }])
  })

  it('media uploads and alt texts follow the same rule', async () => {
    const someone = await account(team.target, { staff: true })
    await enrolTotp(someone.client)
    const weak = await passwordOnly(someone)
    const name = `${unique('foto')}.jpg`
    const jpeg = await photo(40, 30)
    const refused = await weak.storage.from('media').upload(name, jpeg, { contentType: 'image/jpeg' })
    expect(refused.error?.message).toMatch(/row-level security/)
    expect((await someone.client.storage.from('media').upload(name, jpeg, { contentType: 'image/jpeg' })).error).toBeNull()
    expect((await weak.from('media_alt_text').insert({ name, alt: 'Una foto' })).error?.code).toBe('42501')
    expect((await someone.client.from('media_alt_text').insert({ name, alt: 'Una foto' })).error).toBeNull()
  })

  it('an enrolled admin manages the team only from an aal2 session, invitations included', async () => {
    const enrolledAdmin = await account(team.target, { staff: true, role: 'admin' })
    await enrolTotp(enrolledAdmin.client)
    const weak = await passwordOnly(enrolledAdmin)
    expect((await weak.from('staff').update({ role: 'admin' }).eq('user_id', team.editor.id).select()).data).toEqual([])
    const { error } = await weak.functions.invoke('team-invite', { body: { email: `${unique('invitada')}@example.com`, role: 'editor' } })
    expect(error).toBeInstanceOf(FunctionsHttpError)
    const body = (await ((error as FunctionsHttpError).context as Response).json()) as { error_code?: string; code?: string }
    expect(body.error_code ?? body.code).toBe('insufficient_aal')
  })

  it('«exigir 2FA»: only an admin in an aal2 session turns it on; then an aal1 session writes nothing, and staff can read the setting', async () => {
    // An admin without a factor would lock the team (and the setting) out of writing: refused.
    const first = await team.admin.client.from('team_settings').update({ require_two_factor: true }).eq('id', true)
    expect(first.error?.hint).toBe('two_factor_first')
    // Editors cannot change it at all.
    expect((await team.editor.client.from('team_settings').update({ require_two_factor: true }).eq('id', true).select()).data).toEqual([])

    await enrolTotp(team.admin.client)
    expect((await team.admin.client.from('team_settings').update({ require_two_factor: true }).eq('id', true)).error).toBeNull()
    expect((await team.editor.client.from('team_settings').select('require_two_factor').single()).data).toEqual({ require_two_factor: true })

    const tagId = await aTag()
    const refused = await writes(team.editor.client, tagId)
    expect(refused.inserted.error?.code).toBe('42501')
    expect(refused.updated).toEqual([])

    // The editor enrols (allowed from aal1 without a verified factor) and writes again.
    await enrolTotp(team.editor.client)
    expect((await writes(team.editor.client, tagId)).inserted.error).toBeNull()

    expect((await team.admin.client.from('team_settings').update({ require_two_factor: false }).eq('id', true)).error).toBeNull()
  })

  it.skipIf(isHosted)(`every table the API writes carries the three aal2 policies ${embeddedOnly}`, async () => {
    const { db } = await Database.open(await freshDataDir())
    try {
      const missing = await db.transaction(async (tx) => {
        const { rows } = await tx.query<{ missing: string }>(`
          select c.oid::regclass || ' ' || command as missing
          from pg_class c join pg_namespace n on n.oid = c.relnamespace
          cross join (values ('INSERT'), ('UPDATE'), ('DELETE')) as commands(command)
          where c.relkind = 'r' and n.nspname in ('public', 'storage')
            and case when command = 'DELETE' then has_table_privilege('authenticated', c.oid, command)
                     else has_any_column_privilege('authenticated', c.oid, command) end
            and not exists (
              select 1 from pg_policies p
              where p.schemaname = n.nspname and p.tablename = c.relname and p.permissive = 'RESTRICTIVE'
                and p.cmd = command and p.policyname like 'two-factor:%'
            )
            and exists (select 1 from pg_policies p where p.schemaname = n.nspname and p.tablename = c.relname and p.cmd in (command, 'ALL'))`)
        return rows.map((row) => row.missing)
      })
      expect(missing).toEqual([])
    } finally {
      await db.close()
    }
  })
})
