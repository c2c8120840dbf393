// Revisions are written by the database: every save of a CMS record through any client keeps the whole
// record, its author and its time; staff read them, nobody writes them, and retention is bounded.
import { describe, expect, it } from 'vitest'
import { account, serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

async function newPost(title = 'Primera versión') {
  const { data, error } = await roles.staff
    .from('blog_posts')
    .insert({ title, slug: unique('rev'), content: 'Texto uno' })
    .select()
    .single()
  if (error) throw error
  return data
}

const revisionsOf = (table: string, id: string | number) =>
  roles.staff.from('content_revisions').select('*').eq('table_name', table).eq('record_id', String(id)).order('id', { ascending: false })

describe('content revisions', () => {
  it('a save through supabase-js keeps the whole record, who saved it and when, newest first', async () => {
    const post = await newPost()
    const { data: me } = await roles.staff.auth.getUser()
    await roles.staff.from('blog_posts').update({ content: 'Texto dos' }).eq('id', post.id)
    const { data, error } = await revisionsOf('blog_posts', post.id)
    expect(error).toBeNull()
    expect(data!.map((r) => [r.operation, (r.record as { content: string }).content])).toEqual([
      ['UPDATE', 'Texto dos'],
      ['INSERT', 'Texto uno'],
    ])
    expect(data![0]).toMatchObject({ changed_by: me.user!.id, changed_by_email: me.user!.email })
    expect(Date.now() - Date.parse(data![0]!.changed_at)).toBeLessThan(60_000)
  })

  it('pages, text places, menu items and SEO rows keep revisions, deletions included', async () => {
    const page = (
      await roles.staff
        .from('pages')
        .insert({ title: 'Página', slug: unique('rev') })
        .select()
        .single()
    ).data!
    const block = (
      await roles.staff
        .from('content_blocks')
        .insert({ page: 'home', section: 's', key: unique('rev'), content: 'c' })
        .select()
        .single()
    ).data!
    const item = (await roles.staff.from('menu_items').insert({ id: crypto.randomUUID(), label: 'Blog', path: '/blog' }).select().single()).data!
    const seo = (
      await roles.staff
        .from('seo_metadata')
        .insert({ page_path: `/${unique('rev')}`, meta_title: 'T' })
        .select()
        .single()
    ).data!
    await roles.staff.from('menu_items').delete().eq('id', item.id)
    for (const [table, id, operation] of [
      ['pages', page.id, 'INSERT'],
      ['content_blocks', block.id, 'INSERT'],
      ['menu_items', item.id, 'DELETE'],
      ['seo_metadata', seo.id, 'INSERT'],
    ] as const) {
      const { data } = await revisionsOf(table, id)
      expect(data![0], table).toMatchObject({ operation, record: { id } })
    }
  })

  it('a change made as the service role (any other client) is kept too, without an author', async () => {
    const post = await newPost()
    await roles.service.from('blog_posts').update({ title: 'Cambiado por el servidor' }).eq('id', post.id)
    const { data } = await revisionsOf('blog_posts', post.id)
    expect(data![0]).toMatchObject({ operation: 'UPDATE', changed_by: null, record: { title: 'Cambiado por el servidor' } })
  })

  it('are read-only for everyone: staff, the service role, signed-in users and anon write nothing', async () => {
    const post = await newPost()
    const [revision] = (await revisionsOf('blog_posts', post.id)).data!
    const user = (await account(roles.target, { staff: false })).client
    const forged = { table_name: 'blog_posts', record_id: post.id, operation: 'UPDATE', record: { title: 'falso' } }
    for (const who of [roles.staff, roles.service, user, roles.anon]) {
      expect((await who.from('content_revisions').insert(forged)).error?.code).toBe('42501')
      expect(
        (
          await who
            .from('content_revisions')
            .update({ record: { title: 'falso' } })
            .eq('id', revision!.id)
        ).error?.code,
      ).toBe('42501')
      expect((await who.from('content_revisions').delete().eq('id', revision!.id)).error?.code).toBe('42501')
    }
    expect((await revisionsOf('blog_posts', post.id)).data).toEqual([revision])
  })

  it('anon sees nothing and a signed-in user who is not staff sees no revision', async () => {
    await newPost()
    expect((await roles.anon.from('content_revisions').select('id')).error?.code).toBe('42501')
    const user = (await account(roles.target, { staff: false })).client
    expect((await user.from('content_revisions').select('id')).data).toEqual([])
  })

  it('retention: beyond keep_last, revisions older than keep_days are pruned by the next save', async () => {
    const { data: settings } = await roles.service.from('revision_settings').select('*').single()
    await roles.service.from('revision_settings').update({ keep_last: 3, keep_days: 0 }).eq('id', true)
    try {
      const post = await newPost()
      for (let i = 1; i <= 5; i++)
        await roles.staff
          .from('blog_posts')
          .update({ content: `Versión ${i}` })
          .eq('id', post.id)
      const { data } = await revisionsOf('blog_posts', post.id)
      expect(data!.map((r) => (r.record as { content: string }).content)).toEqual(['Versión 5', 'Versión 4', 'Versión 3'])
    } finally {
      await roles.service.from('revision_settings').update(settings!).eq('id', true)
    }
  })

  it('retention defaults: the last 50 of each record and all from the last 90 days, readable by staff', async () => {
    const { data: settings } = await roles.staff.from('revision_settings').select('keep_last, keep_days').single()
    expect(settings).toEqual({ keep_last: 50, keep_days: 90 })
  })
})
