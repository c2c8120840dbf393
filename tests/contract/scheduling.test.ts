// Scheduled publishing is decided by row-level security: a published post or page whose published_at is still
// to come is invisible to anonymous clients through any query, and becomes visible by itself when its time
// passes, with no job or write. Staff see it all along.
import { describe, expect, it } from 'vitest'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()
const fromNow = (ms: number) => new Date(Date.now() + ms).toISOString()
const DAY = 24 * 3_600_000

async function scheduledPost(at: string) {
  const slug = unique('programada')
  const { data, error } = await roles.staff
    .from('blog_posts')
    .insert({ title: `Programada ${slug}`, slug, content: 'Texto.', published: true, published_at: at })
    .select()
    .single()
  if (error) throw error
  return data
}

describe('scheduled posts and pages', () => {
  it('a post scheduled for tomorrow: anon sees it in no list, by slug, by tag or in the site version; staff see it', async () => {
    const post = await scheduledPost(fromNow(DAY))
    const { data: tag } = await roles.staff
      .from('blog_tags')
      .insert({ name: unique('tema'), slug: unique('tema') })
      .select()
      .single()
    expect((await roles.staff.rpc('replace_post_tags', { post_id: post.id, tag_ids: [tag!.id] })).error).toBeNull()

    const bySlug = await roles.anon.from('blog_posts').select('id').eq('slug', post.slug)
    expect(bySlug).toMatchObject({ error: null, data: [] })
    const listed = await roles.anon.from('blog_posts').select('slug').eq('published', true).limit(1000)
    expect(listed.data!.map((p) => p.slug)).not.toContain(post.slug)
    const tagged = await roles.anon.from('blog_post_tags').select('blog_post_id').eq('tag_id', tag!.id)
    expect(tagged).toMatchObject({ error: null, data: [] })
    const version = await roles.anon.rpc('cms_site_version').single()
    expect(version.error).toBeNull()
    expect(Date.parse(version.data!.published_through)).toBeLessThanOrEqual(Date.now())

    const asStaff = await roles.staff.from('blog_posts').select('slug,published,published_at').eq('id', post.id).single()
    expect(asStaff.data).toEqual({ slug: post.slug, published: true, published_at: post.published_at })
    expect((await roles.staff.from('blog_post_tags').select('tag_id').eq('blog_post_id', post.id)).data).toEqual([{ tag_id: tag!.id }])
  })

  it('appears by itself once its time passes, and the site version moves with no write', async () => {
    const post = await scheduledPost(fromNow(3_000))
    const before = (await roles.anon.rpc('cms_site_version').single()).data!
    expect((await roles.anon.from('blog_posts').select('id').eq('id', post.id)).data).toEqual([])

    // Generous: the post is due in 3 s; no write happens meanwhile.
    await expect
      .poll(async () => (await roles.anon.from('blog_posts').select('id').eq('id', post.id)).data, { timeout: 30_000, interval: 250 })
      .toEqual([{ id: post.id }])
    const after = (await roles.anon.rpc('cms_site_version').single()).data!
    expect(after.revision).toBe(before.revision)
    expect(Date.parse(after.published_through)).toBe(Date.parse(post.published_at!))
  })

  it('a page scheduled for tomorrow is staff-only until then; an already published page has a publication instant', async () => {
    const slug = unique('pagina-programada')
    const { data: page, error } = await roles.staff
      .from('pages')
      .insert({ title: 'Página programada', slug, published: true, published_at: fromNow(DAY) })
      .select()
      .single()
    expect(error).toBeNull()
    expect((await roles.anon.from('pages').select('id').eq('slug', slug)).data).toEqual([])
    expect((await roles.staff.from('pages').select('id').eq('slug', slug)).data).toEqual([{ id: page!.id }])

    const published = await roles.anon.from('pages').select('published_at').eq('published', true)
    expect(published.data!.length).toBeGreaterThan(0)
    for (const row of published.data!) expect(Date.parse(row.published_at!)).toBeLessThanOrEqual(Date.now())
  })

  it('a scheduled post can be moved, and moving it to the past publishes it now; a public post keeps its date', async () => {
    const post = await scheduledPost(fromNow(DAY))
    const later = fromNow(2 * DAY)
    const moved = await roles.staff.from('blog_posts').update({ published_at: later }).eq('id', post.id).select('published_at').single()
    expect(Date.parse(moved.data!.published_at!)).toBe(Date.parse(later))

    const past = fromNow(-60_000)
    await roles.staff.from('blog_posts').update({ published_at: past }).eq('id', post.id)
    expect((await roles.anon.from('blog_posts').select('id').eq('id', post.id)).data).toEqual([{ id: post.id }])

    // A client re-sending now() on each save cannot re-date a post that is already public.
    const resent = await roles.staff
      .from('blog_posts')
      .update({ published_at: fromNow(0) })
      .eq('id', post.id)
      .select('published_at')
      .single()
    expect(Date.parse(resent.data!.published_at!)).toBe(Date.parse(past))
  })

  it('a schedule more than a year ahead is refused with a 400 and a Spanish message; nothing is written', async () => {
    const slug = unique('lejana')
    const result = await roles.staff
      .from('blog_posts')
      .insert({ title: 'Lejana', slug, content: 'x', published: true, published_at: fromNow(400 * DAY) })
    expect(result.status).toBe(400)
    expect(result.error?.message).toBe('La fecha de publicación no puede estar a más de un año vista: revisa el año.')
    expect((await roles.staff.from('blog_posts').select('id').eq('slug', slug)).data).toEqual([])
  })
})
