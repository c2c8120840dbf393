// Every table call the admin panel makes, made as the admin makes it (a signed-in staff member, through
// @supabase/supabase-js), with its success and its error paths.
import { describe, expect, it } from 'vitest'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

const db = () => roles.staff

async function newPost(overrides: Record<string, unknown> = {}) {
  const slug = unique('post')
  const { data, error } = await db()
    .from('blog_posts')
    .insert({
      title: `Entrada ${slug}`,
      slug,
      excerpt: 'Extracto',
      content: '# Hola',
      featured_image: null,
      published: false,
      published_at: null,
      ...overrides,
    })
    .select()
    .single()
  if (error) throw error
  return data as { id: string; slug: string; published_at: string | null; created_at: string }
}

async function newTag() {
  const slug = unique('tag')
  const { data, error } = await db().from('blog_tags').insert({ name: slug, slug }).select().single()
  if (error) throw error
  return data as { id: string; name: string }
}

describe('dashboard', () => {
  it.each(['blog_posts', 'pages', 'blog_tags', 'content_blocks', 'menu_items'] as const)(
    'counts every row of %s with an exact-count HEAD request',
    async (table) => {
      const { count, data, error, status } = await db().from(table).select('*', { count: 'exact', head: true })
      expect(error).toBeNull()
      expect(status).toBe(200)
      expect(data).toBeNull()
      const all = await db().from(table).select('*')
      expect(count).toBe(all.data!.length)
    },
  )

  it('counts published posts on the client from the full list', async () => {
    await newPost({ published: true, published_at: new Date().toISOString() })
    await newPost({ published: false })
    const { data } = await db().from('blog_posts').select('*')
    const published = data!.filter((p) => p.published).length
    expect(published).toBeGreaterThan(0)
    expect(published).toBeLessThan(data!.length)
  })
})

describe('content_blocks', () => {
  const page = 'consultoria-digital'

  it('loads the blocks of one page ordered by section', async () => {
    const { data, error } = await db().from('content_blocks').select('*').eq('page', page).order('section')
    expect(error).toBeNull()
    expect(data!.length).toBeGreaterThan(0)
    expect(data!.every((b) => b.page === page)).toBe(true)
    const sections = data!.map((b) => b.section)
    expect(sections).toEqual([...sections].sort())
  })

  it('creates a block with the defaults of the «Sustituir texto» button, then saves it with an upsert', async () => {
    const key = `block-${Date.now()}-${unique('k')}`
    const created = await db()
      .from('content_blocks')
      .insert({ page, section: 'nueva-seccion', key, title: 'Nuevo bloque', content: 'Contenido del nuevo bloque' })
    expect(created.error).toBeNull()
    expect(created.status).toBe(201)

    const { data: block } = await db().from('content_blocks').select('*').eq('key', key).single()
    const saved = await db()
      .from('content_blocks')
      .upsert({ ...block!, title: 'Bloque editado', content: 'Texto nuevo', updated_at: new Date().toISOString() })
    expect(saved.error).toBeNull()
    const { data: after } = await db().from('content_blocks').select('*').eq('key', key).single()
    expect(after).toMatchObject({ id: block!.id, title: 'Bloque editado', content: 'Texto nuevo', section: 'nueva-seccion' })
    expect(Date.parse(after!.updated_at)).toBeGreaterThanOrEqual(Date.parse(block!.updated_at))
  })

  it('refuses a second block with the same key on the same page: 409 / 23505', async () => {
    const key = unique('dup')
    await db().from('content_blocks').insert({ page, section: 's', key, title: 't', content: 'c' })
    const { error, status } = await db().from('content_blocks').insert({ page, section: 's', key, title: 't', content: 'c' })
    expect(status).toBe(409)
    expect(error?.code).toBe('23505')
  })
})

describe('blog_posts', () => {
  it('loads all posts, newest first', async () => {
    await newPost()
    const { data, error } = await db().from('blog_posts').select('*').order('created_at', { ascending: false })
    expect(error).toBeNull()
    const times = data!.map((p) => Date.parse(p.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('inserts a new post returning the single new row, whose id the admin reads', async () => {
    const post = await newPost({ published: true, published_at: new Date().toISOString() })
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/)
    expect(post.published_at).not.toBeNull()
  })

  it('updates an existing post; published_at is kept while it stays published and cleared as a draft', async () => {
    const post = await newPost({ published: true, published_at: '2025-01-01T10:00:00Z' })
    const firstStamp = post.published_at
    const fields = { title: 'Título nuevo', slug: post.slug, excerpt: 'Otro', content: 'Texto', featured_image: 'https://example.com/a.jpg' }
    const saved = await db()
      .from('blog_posts')
      .update({ ...fields, published: true, published_at: new Date().toISOString() })
      .eq('id', post.id)
    expect(saved.error).toBeNull()
    expect(saved.status).toBe(204)
    let { data } = await db().from('blog_posts').select('*').eq('id', post.id).single()
    expect(data).toMatchObject({ ...fields, published: true })
    expect(data!.published_at).toBe(firstStamp)

    await db()
      .from('blog_posts')
      .update({ ...fields, published: false, published_at: null })
      .eq('id', post.id)
    ;({ data } = await db().from('blog_posts').select('*').eq('id', post.id).single())
    expect(data!.published_at).toBeNull()

    await db()
      .from('blog_posts')
      .update({ ...fields, published: true, published_at: null })
      .eq('id', post.id)
    ;({ data } = await db().from('blog_posts').select('*').eq('id', post.id).single())
    expect(data!.published_at).not.toBeNull()
  })

  it('refuses a slug already in use: 409 / 23505 naming the slug constraint', async () => {
    const post = await newPost()
    const { error, status } = await db().from('blog_posts').insert({ title: 'Otra', slug: post.slug, content: 'x' }).select().single()
    expect(status).toBe(409)
    expect(error?.code).toBe('23505')
    expect(error?.message).toContain('blog_posts_slug_key')
  })

  it('refuses a post without a title: 400 / 23502', async () => {
    const { error, status } = await db()
      .from('blog_posts')
      // @ts-expect-error the types require a title; this shows the database does too
      .insert({ title: null, slug: unique('s'), content: 'x' })
    expect(status).toBe(400)
    expect(error?.code).toBe('23502')
  })

  it('answers a malformed id with 400 / 22P02', async () => {
    const { error, status } = await db().from('blog_posts').update({ title: 'x' }).eq('id', 'no-es-un-uuid')
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
  })

  it('deletes a post by id, and its tag links with it', async () => {
    const post = await newPost()
    const tag = await newTag()
    await db()
      .from('blog_post_tags')
      .insert([{ blog_post_id: post.id, tag_id: tag.id }])
    const { error, status } = await db().from('blog_posts').delete().eq('id', post.id)
    expect(error).toBeNull()
    expect(status).toBe(204)
    expect((await db().from('blog_posts').select('id').eq('id', post.id)).data).toEqual([])
    expect((await db().from('blog_post_tags').select('tag_id').eq('blog_post_id', post.id)).data).toEqual([])
  })
})

describe('blog_tags', () => {
  it('loads all tags ordered by name', async () => {
    const suffix = unique('orden')
    await db()
      .from('blog_tags')
      .insert([
        { name: `zz-${suffix}`, slug: `zz-${suffix}` },
        { name: `aa-${suffix}`, slug: `aa-${suffix}` },
      ])
    const { data, error } = await db().from('blog_tags').select('*').order('name')
    expect(error).toBeNull()
    const names = data!.map((t) => t.name)
    expect(names.indexOf(`aa-${suffix}`)).toBeLessThan(names.indexOf(`zz-${suffix}`))
  })

  it('creates a tag from name and slug, returning the single row', async () => {
    const tag = await newTag()
    expect(tag.id).toBeTruthy()
    const { error, status } = await db()
      .from('blog_tags')
      .insert({ name: tag.name, slug: `${tag.name}-2` })
      .select()
      .single()
    expect(status).toBe(409)
    expect(error?.code).toBe('23505')
  })
})

describe('blog_post_tags', () => {
  it("saves a post's tags as the original did (delete, then insert an array) and reads them back", async () => {
    const post = await newPost()
    const tags = [await newTag(), await newTag()]
    expect((await db().from('blog_post_tags').delete().eq('blog_post_id', post.id)).error).toBeNull()
    const inserted = await db()
      .from('blog_post_tags')
      .insert(tags.map((t) => ({ blog_post_id: post.id, tag_id: t.id })))
    expect(inserted.error).toBeNull()
    const { data } = await db().from('blog_post_tags').select('tag_id').eq('blog_post_id', post.id)
    expect(data!.map((r) => r.tag_id).sort()).toEqual(tags.map((t) => t.id).sort())
  })

  it('replaces a post\'s tags in one transaction with rpc("replace_post_tags")', async () => {
    const post = await newPost()
    const [a, b, c] = [await newTag(), await newTag(), await newTag()]
    const first = await db().rpc('replace_post_tags', { post_id: post.id, tag_ids: [a.id, b.id] })
    expect(first.error).toBeNull()
    expect(first.data).toHaveLength(2)
    const second = await db().rpc('replace_post_tags', { post_id: post.id, tag_ids: [c.id, c.id] })
    expect(second.error).toBeNull()
    const { data } = await db().from('blog_post_tags').select('tag_id').eq('blog_post_id', post.id)
    expect(data).toEqual([{ tag_id: c.id }])
  })

  it('keeps the old tags when the replacement fails half-way (unknown tag: 409 / 23503)', async () => {
    const post = await newPost()
    const tag = await newTag()
    await db().rpc('replace_post_tags', { post_id: post.id, tag_ids: [tag.id] })
    const { error, status } = await db().rpc('replace_post_tags', { post_id: post.id, tag_ids: [crypto.randomUUID()] })
    expect(status).toBe(409)
    expect(error?.code).toBe('23503')
    const { data } = await db().from('blog_post_tags').select('tag_id').eq('blog_post_id', post.id)
    expect(data).toEqual([{ tag_id: tag.id }])
  })

  it('answers an rpc with unknown arguments with 404 / PGRST202', async () => {
    // @ts-expect-error an argument the function does not have, as a client without the types could send
    const { error, status } = await db().rpc('replace_post_tags', { post: 'x' })
    expect(status).toBe(404)
    expect(error?.code).toBe('PGRST202')
  })
})

describe('pages', () => {
  it('inserts, loads newest first, updates and deletes a page', async () => {
    const slug = unique('pagina')
    const content = [
      { type: 'heading', text: 'Hola' },
      { type: 'paragraph', text: 'Texto' },
    ]
    const created = await db().from('pages').insert({ title: 'Página', slug, content, published: false })
    expect(created.error).toBeNull()

    const { data: list } = await db().from('pages').select('*').order('created_at', { ascending: false })
    const times = list!.map((p) => Date.parse(p.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    const page = list!.find((p) => p.slug === slug)!
    expect(page.content).toEqual(content)

    const updated = await db().from('pages').update({ title: 'Página editada', slug, content: [], published: true }).eq('id', page.id)
    expect(updated.error).toBeNull()
    const { data: after } = await db().from('pages').select('*').eq('id', page.id).single()
    expect(after).toMatchObject({ title: 'Página editada', content: [], published: true })

    expect((await db().from('pages').delete().eq('id', page.id)).error).toBeNull()
    expect((await db().from('pages').select('id').eq('id', page.id)).data).toEqual([])
  })

  it('refuses content that is not a JSON array: 400 / 23514', async () => {
    const { error, status } = await db()
      .from('pages')
      .insert({ title: 'x', slug: unique('p'), content: { type: 'heading' } })
    expect(status).toBe(400)
    expect(error?.code).toBe('23514')
  })
})

describe('menu_items', () => {
  it('upserts an item with a client-generated id, loads ordered by order_num, and deletes it', async () => {
    const id = crypto.randomUUID()
    const item = { id, label: 'Nuevo Elemento', path: '/nueva-pagina', order_num: 99, parent_id: null }
    expect((await db().from('menu_items').upsert(item)).error).toBeNull()
    expect(
      (
        await db()
          .from('menu_items')
          .upsert({ ...item, label: 'Blog', path: '/blog', order_num: 7 })
      ).error,
    ).toBeNull()

    const { data } = await db().from('menu_items').select('*').order('order_num', { ascending: true })
    const orders = data!.map((m) => m.order_num)
    expect(orders).toEqual([...orders].sort((a, b) => a - b))
    expect(data!.filter((m) => m.id === id)).toEqual([expect.objectContaining({ label: 'Blog', path: '/blog', order_num: 7 })])

    expect((await db().from('menu_items').delete().eq('id', id)).error).toBeNull()
    expect((await db().from('menu_items').select('id').eq('id', id)).data).toEqual([])
  })

  it('refuses a non-integer order: 400 / 22P02', async () => {
    // @ts-expect-error the types want a number; this shows the database refuses text too
    const { error, status } = await db().from('menu_items').upsert({ id: crypto.randomUUID(), label: 'x', path: '/x', order_num: 'tres' })
    expect(status).toBe(400)
    expect(error?.code).toBe('22P02')
  })
})

describe('seo_metadata', () => {
  it('answers a path without a row with PGRST116, which the SEO tab treats as a new record', async () => {
    const { data, error, status } = await db()
      .from('seo_metadata')
      .select('*')
      .eq('page_path', `/${unique('sin-seo')}`)
      .single()
    expect(data).toBeNull()
    expect(status).toBe(406)
    expect(error?.code).toBe('PGRST116')
  })

  it('upserts the whole record keyed on page_path, then loads it as a single object', async () => {
    const page_path = `/${unique('seo')}`
    const record = {
      page_path,
      meta_title: 'Título SEO',
      meta_description: 'Descripción',
      keywords: 'a, b',
      canonical_url: `https://example.com${page_path}`,
      og_title: null,
      og_description: null,
      og_image: null,
      twitter_title: null,
      twitter_description: null,
      twitter_image: null,
      noindex: false,
      nofollow: false,
    }
    expect((await db().from('seo_metadata').upsert(record, { onConflict: 'page_path' })).error).toBeNull()
    const { data: first } = await db().from('seo_metadata').select('*').eq('page_path', page_path).single()
    expect(
      (
        await db()
          .from('seo_metadata')
          .upsert({ ...first!, meta_title: 'Otro título', noindex: true }, { onConflict: 'page_path' })
      ).error,
    ).toBeNull()
    const { data, error } = await db().from('seo_metadata').select('*').eq('page_path', page_path).single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ ...record, meta_title: 'Otro título', noindex: true, id: first!.id })
  })
})

describe('PostgREST behaviours beyond the happy path', () => {
  it('pages with range() and reports the total with count=exact (206 for a partial page)', async () => {
    const { data, count, status } = await db().from('blog_tags').select('*', { count: 'exact' }).order('name').range(0, 1)
    expect(data).toHaveLength(2)
    expect(count).toBeGreaterThan(2)
    expect(status).toBe(206)
  })

  it('supports the filter operators eq, neq, gt, gte, lt, lte, like, ilike, is and in', async () => {
    const tag = unique('filtro')
    const rows = [1, 2, 3].map((n) => ({
      id: crypto.randomUUID(),
      label: `${tag}-${n}`,
      path: n === 3 ? '/Mayus' : '/x',
      order_num: 1000 + n,
      parent_id: null,
    }))
    await db().from('menu_items').insert(rows)
    const labels = async (query: PromiseLike<{ data: unknown }>) => (((await query).data as { label: string }[]) ?? []).map((r) => r.label).sort()
    const base = () => db().from('menu_items').select('label').like('label', `${tag}-%`)
    expect(await labels(base().eq('order_num', 1001))).toEqual([`${tag}-1`])
    expect(await labels(base().neq('order_num', 1001))).toEqual([`${tag}-2`, `${tag}-3`])
    expect(await labels(base().gt('order_num', 1002))).toEqual([`${tag}-3`])
    expect(await labels(base().gte('order_num', 1002))).toEqual([`${tag}-2`, `${tag}-3`])
    expect(await labels(base().lt('order_num', 1002))).toEqual([`${tag}-1`])
    expect(await labels(base().lte('order_num', 1002))).toEqual([`${tag}-1`, `${tag}-2`])
    expect(await labels(base().ilike('path', '/mayus'))).toEqual([`${tag}-3`])
    expect(await labels(base().is('parent_id', null))).toHaveLength(3)
    expect(await labels(base().in('order_num', [1001, 1003]))).toEqual([`${tag}-1`, `${tag}-3`])
    expect(await labels(base().in('label', [`${tag}-2`, 'a,b']))).toEqual([`${tag}-2`])
  })

  it('answers an unknown column with 400 / 42703 and an unknown table with 404', async () => {
    const column = await db().from('blog_posts').select('id, no_existe')
    expect(column.status).toBe(400)
    expect(column.error?.code).toBe('42703')
    // @ts-expect-error a table the types do not have, as a client without them could ask for
    const table = await db().from('no_existe').select('*')
    expect(table.status).toBe(404)
    expect(['PGRST205', '42P01']).toContain(table.error?.code)
  })

  it('answers an unknown column in the body with 400 / PGRST204', async () => {
    const { error, status } = await db()
      .from('blog_tags')
      // @ts-expect-error a column the types do not have, as a client without them could send
      .insert({ name: 'x', slug: unique('x'), color: 'rojo' })
    expect(status).toBe(400)
    expect(error?.code).toBe('PGRST204')
  })
})
