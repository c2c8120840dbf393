// What a hosted project's REST layer does that the admin or other supabase-js code may rely on, checked
// against either backend (decision 0025): resource embedding and or-filters (the hand-written layer had
// neither), `Prefer: tx=rollback` ignored, `public` as the only profile, and an update or delete without a
// filter refused as pg-safeupdate refuses it.
import { describe, expect, it } from 'vitest'
import { serverWithRoles, unique } from './target.ts'

const my = serverWithRoles()

describe('the REST contract of a hosted project', () => {
  it('embeds related rows and filters with or=(…)', async () => {
    const tag = { name: unique('etiqueta'), slug: unique('etiqueta') }
    const post = { title: 'Con etiqueta', slug: unique('post'), content: 'x', published: true }
    const { data: madeTag } = await my.staff.from('blog_tags').insert(tag).select('id').single()
    const { data: madePost } = await my.staff.from('blog_posts').insert(post).select('id').single()
    await my.staff.rpc('replace_post_tags', { post_id: madePost!.id, tag_ids: [madeTag!.id] })

    const { data, error } = await my.anon.from('blog_posts').select('slug, blog_post_tags(blog_tags(name))').eq('slug', post.slug).single()
    expect(error).toBeNull()
    expect(data).toEqual({ slug: post.slug, blog_post_tags: [{ blog_tags: { name: tag.name } }] })

    const either = await my.anon.from('blog_tags').select('slug').or(`slug.eq.${tag.slug},slug.eq.no-existe`)
    expect(either.data).toEqual([{ slug: tag.slug }])
  })

  it('ignores Prefer: tx=rollback, as hosted projects do', async () => {
    const id = crypto.randomUUID()
    const { error } = await my.staff
      .from('menu_items')
      .insert({ id, label: 'Persistente', path: '/persistente', order_num: 1 })
      .setHeader('Prefer', 'tx=rollback')
    expect(error).toBeNull()
    const { data } = await my.service.from('menu_items').select('id').eq('id', id)
    expect(data).toEqual([{ id }])
  })

  it('serves the public schema only', async () => {
    const ok = await my.anon.schema('public').from('blog_tags').select('id').limit(1)
    expect(ok.status).toBe(200)
    // @ts-expect-error the generated types know only the public schema; this shows the server refuses the others too
    const other = await my.anon.schema('auth').from('users').select('id')
    expect(other.status).toBe(406)
    expect(other.error?.code).toBe('PGRST106')
  })

  it('refuses an update or delete without a filter (pg-safeupdate), with 400 21000', async () => {
    const updated = await my.staff.from('menu_items').update({ label: 'Todos' })
    expect([updated.status, updated.error?.code, updated.error?.message]).toEqual([400, '21000', 'UPDATE requires a WHERE clause'])
    const deleted = await my.staff.from('menu_items').delete()
    expect([deleted.status, deleted.error?.code, deleted.error?.message]).toEqual([400, '21000', 'DELETE requires a WHERE clause'])
    const { count } = await my.service.from('menu_items').select('*', { count: 'exact', head: true }).eq('label', 'Todos')
    expect(count).toBe(0)
  })
})
