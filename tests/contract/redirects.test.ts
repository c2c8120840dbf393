// Redirects are kept by the database: renaming a published post or page writes one from its old path, chains
// collapse to one hop, loops and reserved paths are refused in Spanish with a 4xx, a record published at a
// path takes it over, and anyone may read them (the site answers them to anyone). The 404 log is written
// only by the server's service role, stays bounded, and is read and dismissed by staff.
import { describe, expect, it } from 'vitest'
import { NotFoundLog } from '../../src/host/site/notFoundLog.ts'
import { redirectKey } from '../../src/host/site/redirectMap.ts'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

async function publishedPost() {
  const slug = unique('antes')
  const { data, error } = await roles.staff
    .from('blog_posts')
    .insert({ title: 'Entrada', slug, content: 'Texto.', published: true })
    .select()
    .single()
  if (error) throw error
  return data
}
const rename = (table: 'blog_posts' | 'pages', id: string, slug: string) =>
  roles.staff.from(table).update({ slug }).eq('id', id).select('slug').single()
const redirectFrom = async (source: string) =>
  (await roles.anon.from('redirects').select('source,target,status,automatic').eq('source', source).maybeSingle()).data

describe('redirects written by renames', () => {
  it('renaming a published post leads its old path to the new one, and a second rename leaves one hop from both', async () => {
    const post = await publishedPost()
    const second = unique('despues')
    const third = unique('final')
    expect((await rename('blog_posts', post.id, second)).error).toBeNull()
    expect(await redirectFrom(`/blog/${post.slug}`)).toEqual({
      source: `/blog/${post.slug}`,
      target: `/blog/${second}`,
      status: 301,
      automatic: true,
    })

    expect((await rename('blog_posts', post.id, third)).error).toBeNull()
    expect(await redirectFrom(`/blog/${post.slug}`)).toMatchObject({ target: `/blog/${third}` })
    expect(await redirectFrom(`/blog/${second}`)).toMatchObject({ target: `/blog/${third}` })
  })

  it('renaming back to an old slug removes the redirect from it: no loop', async () => {
    const post = await publishedPost()
    const other = unique('otro')
    await rename('blog_posts', post.id, other)
    expect((await rename('blog_posts', post.id, post.slug)).error).toBeNull()
    expect(await redirectFrom(`/blog/${post.slug}`)).toBeNull()
    expect(await redirectFrom(`/blog/${other}`)).toMatchObject({ target: `/blog/${post.slug}` })
  })

  it('a new post published at an old path takes it over; a draft renamed writes nothing', async () => {
    const post = await publishedPost()
    await rename('blog_posts', post.id, unique('movida'))
    expect(await redirectFrom(`/blog/${post.slug}`)).not.toBeNull()
    const { error } = await roles.staff.from('blog_posts').insert({ title: 'Nueva', slug: post.slug, content: 'x', published: true })
    expect(error).toBeNull()
    expect(await redirectFrom(`/blog/${post.slug}`)).toBeNull()

    const { data: draft } = await roles.staff
      .from('blog_posts')
      .insert({ title: 'Borrador', slug: unique('borrador'), content: 'x' })
      .select()
      .single()
    await rename('blog_posts', draft!.id, unique('borrador-nuevo'))
    expect(await redirectFrom(`/blog/${draft!.slug}`)).toBeNull()
  })

  it('renaming a published page leads /old to /new', async () => {
    const slug = unique('pagina')
    const { data: page } = await roles.staff.from('pages').insert({ title: 'Página', slug, published: true }).select().single()
    const next = unique('pagina-nueva')
    expect((await rename('pages', page!.id, next)).error).toBeNull()
    expect(await redirectFrom(`/${slug}`)).toMatchObject({ target: `/${next}`, status: 301 })
  })
})

describe('redirects written by staff', () => {
  const add = (row: { source: string; target?: string | null; status?: number }) =>
    roles.staff.from('redirects').insert(row).select('source,target,status').single()

  it('normalises the source, keeps a query in the target, and collapses onto an existing redirect', async () => {
    const a = `/${unique('a')}`
    const b = `/${unique('b')}`
    expect((await add({ source: `${a}/`, target: `${b}?ref=1` })).data).toEqual({ source: a, target: `${b}?ref=1`, status: 301 })
    const c = `/${unique('c')}`
    // b → c: a, which led to b, now leads to c directly.
    expect((await add({ source: b, target: c, status: 302 })).error).toBeNull()
    expect(await redirectFrom(a)).toMatchObject({ target: c })
    // d → a is written as d → c.
    const d = `/${unique('d')}`
    expect((await add({ source: d, target: a })).data).toMatchObject({ target: c })
  })

  it.each([
    ['/admin', '/x', 'es del propio sitio'],
    ['/auth/algo', '/x', 'es del propio sitio'],
    ['/blog', '/x', 'es del propio sitio'],
    ['/shopify', '/x', 'es del propio sitio'],
    ['/', '/x', 'es del propio sitio'],
    ['sin-barra', '/x', 'no es válida'],
    ['/con?query', '/x', 'no es válida'],
    ['/mismo', '/mismo/', 'no puede llevar a sí misma'],
    ['/destino-malo', 'javascript:alert(1)', 'no es válido'],
    ['/destino-vacio', '', 'Escribe el destino'],
  ])('refuses %s → %s with a Spanish reason and a 4xx', async (source, target, reason) => {
    const result = await add({ source, target })
    expect(result.status).toBeGreaterThanOrEqual(400)
    expect(result.status).toBeLessThan(500)
    expect(result.error?.message).toContain(reason)
  })

  it('refuses a loop', async () => {
    const x = `/${unique('x')}`
    const y = `/${unique('y')}`
    await add({ source: x, target: y })
    const loop = await add({ source: y, target: x })
    expect(loop.status).toBe(400)
    expect(loop.error?.message).toContain('formaría un bucle')
  })

  it('refuses the path of a published post; a 410 keeps no target', async () => {
    const post = await publishedPost()
    expect((await add({ source: `/blog/${post.slug}`, target: '/' })).error?.message).toContain('es la de una publicación')
    expect((await add({ source: `/${unique('gone')}`, target: '/x', status: 410 })).data).toMatchObject({ target: null, status: 410 })
  })

  it('compares paths decoded: a target that is its source percent-encoded, or with an encoded slash, is refused', async () => {
    const a = `/${unique('a')}`
    // "/a…" → "/%61…": the same path to the site, which would answer 301 to itself for ever.
    const encoded = `/%${a.charCodeAt(1).toString(16)}${a.slice(2)}`
    const self = await add({ source: a, target: encoded })
    expect([self.status, self.error?.message]).toEqual([400, expect.stringContaining('no puede llevar a sí misma')])
    const b = `/${unique('b')}`
    const slash = await add({ source: b, target: `${b}%2F` })
    expect([slash.status, slash.error?.message]).toEqual([400, expect.stringContaining('no puede llevar a sí misma')])
    // A source written encoded is the same source: one row, compared and stored decoded.
    expect((await add({ source: `/${unique('café')}`.replace('é', '%C3%A9'), target: '/' })).data?.source).toMatch(/café/)
  })

  it('refuses a loop closed through a percent-encoded path', async () => {
    const p = `/${unique('p')}`
    const q = `/${unique('q')}`
    expect((await add({ source: p, target: q })).error).toBeNull()
    const loop = await add({ source: q, target: `/%${p.charCodeAt(1).toString(16)}${p.slice(2)}` })
    expect([loop.status, loop.error?.message]).toEqual([400, expect.stringContaining('formaría un bucle')])
  })

  it.each(['/.//evil.example', '/a/..//evil.example', '/%2e//evil.example', '/%2E%2E//evil.example/x', '//evil.example', '/x//evil.example'])(
    'refuses the target %s, which a browser could read as another host',
    async (target) => {
      const result = await add({ source: `/${unique('huida')}`, target })
      expect([result.status, result.error?.message]).toEqual([400, expect.stringContaining('no es válido')])
    },
  )

  it('anonymous clients read redirects but cannot write them', async () => {
    expect((await roles.anon.from('redirects').select('source').limit(1)).error).toBeNull()
    const write = await roles.anon.from('redirects').insert({ source: `/${unique('anon')}`, target: '/' })
    expect(write.error?.code).toBe('42501')
  })
})

describe('the 404 log', () => {
  it('only the service role records; the table keeps at most 1,000 paths, the most asked kept', async () => {
    const refused = await roles.anon.rpc('record_not_found', { counts: [{ path: '/x', hits: 1, last_seen_at: new Date().toISOString() }] })
    expect(refused.error).not.toBeNull()
    expect((await roles.staff.rpc('record_not_found', { counts: [] })).error).not.toBeNull()

    const now = new Date().toISOString()
    const popular = `/${unique('popular')}`
    expect((await roles.service.rpc('record_not_found', { counts: [{ path: popular, hits: 50, last_seen_at: now }] })).error).toBeNull()
    // A flood of random paths, in the batches the server sends.
    for (let batch = 0; batch < 3; batch++) {
      const counts = Array.from({ length: 500 }, () => ({ path: `/${unique('azar')}`, hits: 1, last_seen_at: now }))
      expect((await roles.service.rpc('record_not_found', { counts })).error).toBeNull()
    }
    const { count } = await roles.staff.from('not_found_paths').select('path', { count: 'exact', head: true })
    expect(count).toBe(1000)
    expect((await roles.staff.from('not_found_paths').select('hits').eq('path', popular).single()).data).toEqual({ hits: 50 })
    expect((await roles.anon.from('not_found_paths').select('path').limit(1)).error?.code).toBe('42501')
  })

  it('a NUL byte in one path never drops the other 404s of its batch', async () => {
    const others = [`/${unique('perdida')}`, `/${unique('otra')}`]
    const failures: unknown[] = []
    // The server's own writer (src/host/site/startSite.ts): the batch goes to record_not_found as the service role.
    const log = new NotFoundLog({
      write: async (counts) => {
        const { error } = await roles.service.rpc('record_not_found', { counts })
        if (error) throw new Error(error.message)
      },
      onError: (error) => failures.push(error),
      intervalMs: 60_000,
    })
    for (const path of ['/%00', `${others[0]}%00x`, others[0]!, '/%01', others[1]!]) log.record(redirectKey(path))
    await log.close()
    expect(failures).toEqual([])
    const { data } = await roles.staff.from('not_found_paths').select('path').in('path', others)
    expect(data?.map((row) => row.path).sort()).toEqual([...others].sort())
  })

  it('staff dismiss a path; a redirect from a path removes it from the log', async () => {
    const now = new Date().toISOString()
    const typo = `/${unique('typo')}`
    const dismissed = `/${unique('descartar')}`
    await roles.service.rpc('record_not_found', {
      counts: [
        { path: typo, hits: 2, last_seen_at: now },
        { path: dismissed, hits: 1, last_seen_at: now },
      ],
    })
    expect((await roles.staff.from('not_found_paths').delete().eq('path', dismissed).select('path')).data).toEqual([{ path: dismissed }])
    expect((await roles.staff.from('redirects').insert({ source: typo, target: '/' })).error).toBeNull()
    expect((await roles.staff.from('not_found_paths').select('path').in('path', [typo, dismissed])).data).toEqual([])
  })
})
