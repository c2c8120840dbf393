// The database's own rules on the CMS rows the public site renders (migration 20261122000400): a page
// may not take a URL of the site, menu paths are site paths, anchors or http(s) URLs, and nothing the
// site prints may be empty. Each is checked through supabase-js, as any client would meet it.
import { describe, expect, it } from 'vitest'
import { writeSiteRoutes } from '../../src/host/site/siteRoutes.ts'
import { siteRoutes } from '../../src/siteContent/siteRoutes.server'
import { ACCEPTED_LINKS, REFUSED_LINKS } from '../support/links.ts'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

const db = () => roles.staff
const slugOf = (prefix: string) => unique(prefix).toLowerCase()

describe('page slugs', () => {
  it.each(['shopify', 'consultoria-uxui', 'privacidad', 'consultoria-ux-ui', 'admin', 'auth', 'blog', 'rest'])(
    'refuses "%s", a URL the site already serves, with a Spanish reason',
    async (slug) => {
      const { error, status } = await db().from('pages').insert({ title: 'Intrusa', slug, content: [], published: true })
      expect(status).toBe(400)
      expect(error?.code).toBe('23514')
      expect(error?.message).toBe(`La URL /${slug} ya es una ruta del sitio: elige otro slug para la página.`)
    },
  )

  it('refuses renaming an existing page onto a site route', async () => {
    const slug = slugOf('pagina')
    const created = await db().from('pages').insert({ title: 'Temporal', slug, content: [] }).select().single()
    expect(created.error).toBeNull()
    const { error } = await db().from('pages').update({ slug: 'cookies' }).eq('id', created.data!.id)
    expect(error?.message).toContain('/cookies ya es una ruta del sitio')
    const { data } = await db().from('pages').select('slug').eq('id', created.data!.id).single()
    expect(data!.slug).toBe(slug)
  })

  it.each(['Sobre Nosotros', 'sobre/nosotros', 'educación', '-guion', 'dos--guiones'])('refuses the malformed slug "%s"', async (slug) => {
    const { error } = await db().from('pages').insert({ title: 'Mal slug', slug, content: [] })
    expect(error?.message).toMatch(/^El slug «.*» no es válido: usa solo minúsculas sin tildes, números y guiones/)
  })

  it('accepts a free slug, which anyone may then read once published', async () => {
    const slug = slugOf('nueva-pagina')
    const { error } = await db().from('pages').insert({ title: 'Nueva', slug, content: [], published: true })
    expect(error).toBeNull()
    const { data } = await roles.anon.from('pages').select('slug').eq('slug', slug)
    expect(data).toEqual([{ slug }])
  })

  it('lets anyone read the routes the database knows, and nobody but the service role write them', async () => {
    const { data } = await roles.anon.from('site_routes').select('slug').eq('slug', 'shopify')
    expect(data).toEqual([{ slug: 'shopify' }])
    const byStaff = await db().from('site_routes').insert({ slug: 'libre', source: 'app' })
    expect(byStaff.error?.code).toBe('42501')
    const byAnon = await roles.anon.from('site_routes').delete().eq('slug', 'shopify')
    expect(byAnon.error?.code).toBe('42501')
  })

  it('takes a new content route as soon as the site server writes its routes, and frees a route the site stops serving', async () => {
    const service = roles.service
    const newService = slugOf('servicio-nuevo')
    try {
      await writeSiteRoutes(service, [...siteRoutes, { slug: newService, source: 'page' }])
      const taken = await db().from('pages').insert({ title: 'Intrusa', slug: newService, content: [] })
      expect(taken.error?.message).toBe(`La URL /${newService} ya es una ruta del sitio: elige otro slug para la página.`)

      await writeSiteRoutes(
        service,
        siteRoutes.filter((r) => r.slug !== 'cookies'),
      )
      const freed = await db().from('pages').insert({ title: 'Libre', slug: 'cookies', content: [] }).select('id').single()
      expect(freed.error).toBeNull()
      await db().from('pages').delete().eq('id', freed.data!.id)
    } finally {
      await writeSiteRoutes(service, siteRoutes)
    }
    const { data } = await roles.anon.from('site_routes').select('slug')
    expect(data!.map((r) => r.slug).sort()).toEqual(siteRoutes.map((r) => r.slug).sort())
  })
})

describe('menu paths', () => {
  const item = (path: string, label = 'Enlace') => ({ id: crypto.randomUUID(), label, path, order_num: 99, parent_id: null })

  it.each(REFUSED_LINKS)('refuses %j with a Spanish reason', async (path) => {
    const { error, status } = await db().from('menu_items').upsert(item(path))
    expect(status).toBe(400)
    expect(error?.message).toBe(`La ruta «${path}» no es válida: usa una ruta del sitio (/shopify), un ancla (/#contacto) o una URL http(s).`)
  })

  it.each(ACCEPTED_LINKS)('accepts "%s"', async (path) => {
    const { error } = await db().from('menu_items').upsert(item(path))
    expect(error).toBeNull()
  })

  it('refuses a blank label, also when an existing item is renamed', async () => {
    const blank = await db().from('menu_items').upsert(item('/blog', '   '))
    expect(blank.error?.message).toBe('La etiqueta del elemento del menú no puede estar vacía.')
    const row = item('/blog')
    expect((await db().from('menu_items').upsert(row)).error).toBeNull()
    const renamed = await db().from('menu_items').update({ label: '' }).eq('id', row.id)
    expect(renamed.error?.message).toBe('La etiqueta del elemento del menú no puede estar vacía.')
  })
})

describe('content blocks', () => {
  it('refuses a blank text, on insert and on update', async () => {
    const key = slugOf('bloque')
    const blank = await db().from('content_blocks').insert({ page: 'home', section: 'hero', key, title: 'T', content: ' \n ' })
    expect(blank.error?.message).toBe('El texto del bloque no puede estar vacío: bórralo para volver al texto original de la página.')
    const created = await db().from('content_blocks').insert({ page: 'home', section: 'hero', key, title: 'T', content: 'Texto' }).select().single()
    expect(created.error).toBeNull()
    const emptied = await db().from('content_blocks').update({ content: '' }).eq('id', created.data!.id)
    expect(emptied.error?.message).toContain('El texto del bloque no puede estar vacío')
  })

  it('refuses a blank section or key', async () => {
    const { error } = await db()
      .from('content_blocks')
      .insert({ page: 'home', section: ' ', key: slugOf('k'), content: 'Texto' })
    expect(error?.message).toBe('La sección y la clave del bloque no pueden estar vacías.')
  })
})
