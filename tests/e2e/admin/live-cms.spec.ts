import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#src/lib/database.types.ts'
import ws from 'ws'
import { confirm, demoStaff, expectToast, fetchPublic, LIVE, openTab, rest, restCount, runId, signedInStaffPage } from './helpers'

// The CMS owns what it manages: a page published in the admin is served at /{slug} and
// leaves as fast; no page may take a route the site already serves; a text override (Textos tab) replaces a text of
// the home page and deleting it brings the file's text back; the header is the Menú tab's items. Whatever
// the seed holds (the hero block, the menu) is put back, since other specs read it.
test.describe.configure({ mode: 'serial', timeout: 60_000 })
let page: Page
/** A visitor with JavaScript off: the header as the server sends it, no island in the way. */
let visitor: Page

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  visitor = await (await browser.newContext({ javaScriptEnabled: false })).newPage()
})
test.afterAll(async () => {
  await visitor.context().close()
  await page.context().close()
})

const inSitemap = async (path: string) => new RegExp(`<loc>https?://[^/<]+${path}</loc>`).test((await fetchPublic(page, '/sitemap.xml')).body)

/** supabase-js as any other client would use it, signed in as the demo staff member. */
async function staffClient(baseURL: string): Promise<SupabaseClient<Database>> {
  const { anonKey } = (await (await fetch(`${baseURL}/backend.json`)).json()) as { anonKey: string }
  const client = createClient<Database>(baseURL, anonKey, {
    auth: { persistSession: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
  const { error } = await client.auth.signInWithPassword({ email: demoStaff.email, password: demoStaff.password })
  expect(error).toBeNull()
  return client
}

test.describe('a dynamic page', () => {
  const title = `Página en vivo ${runId}`
  const slug = `pagina-en-vivo-${runId}`
  const card = () => page.getByRole('list', { name: 'Páginas' }).getByRole('listitem').filter({ hasText: title })
  /** Flips «Publicada» in the open form, saves, and waits until the site serves the page at /{slug} (its title the h1) and lists it in the sitemap, or neither. */
  const flipPublishedAndSave = async (published: boolean) => {
    await page.getByRole('switch', { name: 'Publicada' }).click()
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Página guardada')
    await expect
      .poll(async () => {
        const [own, listed] = await Promise.all([fetchPublic(page, `/${slug}`), inSitemap(`/${slug}`)])
        return { status: own.status, h1: own.body.includes(`>${title}</h1>`), named: own.body.includes(title), listed }
      }, LIVE)
      .toEqual({ status: published ? 200 : 404, h1: published, named: published, listed: published })
  }
  const editorBlocks = () => page.getByRole('list', { name: 'Bloques de la página' })
  const block = (n: number, type: string) => editorBlocks().getByRole('listitem', { name: `Bloque ${n}: ${type}`, exact: true })
  const addBlock = async (type: string) => {
    await page.getByLabel('Tipo de bloque').selectOption({ label: type })
    await page.getByRole('button', { name: 'Añadir bloque' }).click()
  }
  const jsonView = () => page.getByLabel('Contenido (JSON)')
  const expected = [
    { type: 'heading', text: `Sección ${runId}`, level: 2 },
    { type: 'list', items: ['Uno', 'Dos', 'Tres'], ordered: false },
    { type: 'paragraph', text: 'Un párrafo con **negrita** y un [enlace](/shopify).' },
    { type: 'cta', label: 'Hablemos', href: '/#contacto' },
  ]

  test.afterAll(async () => {
    await rest(page, 'DELETE', `pages?slug=eq.${slug}`)
  })

  test('the block editor adds, moves and removes blocks, refuses an invalid one, and its JSON view agrees both ways', async () => {
    await openTab(page, 'Páginas')
    await page.getByRole('button', { name: 'Nueva Página' }).click()
    await page.getByLabel('Título', { exact: true }).fill(title)
    await page.getByLabel('Slug (URL)').fill(slug)
    await expect(page.getByText('La página aún no tiene bloques. Añade el primero.')).toBeVisible()

    await addBlock('Título')
    await block(1, 'Título').getByLabel('Texto del título').fill(`Sección ${runId}`)
    await addBlock('Párrafo')
    await block(2, 'Párrafo').getByLabel('Texto').fill('Un párrafo con **negrita** y un [enlace](/shopify).')
    await addBlock('Lista')
    await block(3, 'Lista').getByLabel('Elementos').fill('Uno\nDos\nTres')
    await addBlock('Cita')
    await block(4, 'Cita').getByLabel('Cita').fill('Una cita que se quitará.')
    await addBlock('Botón')
    await block(5, 'Botón').getByLabel('Texto del botón').fill('Hablemos')
    await block(5, 'Botón').getByLabel('Enlace').fill('javascript:alert(1)')
    await expect(block(5, 'Botón')).toContainText('Este bloque no se puede guardar: el enlace no es válido')

    // An invalid block stops the save with its position and reason, in Spanish; nothing is stored.
    await page.getByRole('button', { name: 'Guardar' }).click()
    const reasons = page.getByRole('alert').filter({ hasText: 'No se puede guardar la página' })
    await expect(reasons).toBeFocused()
    await expect(reasons).toContainText(
      'Bloque 5 (Botón): el enlace no es válido: usa una ruta del sitio (/shopify), un ancla (/#contacto) o una URL http(s).',
    )
    expect(await restCount(page, 'pages', `&slug=eq.${slug}`)).toBe(0)
    await block(5, 'Botón').getByLabel('Enlace').fill('/#contacto')
    await expect(block(5, 'Botón')).not.toContainText('no se puede guardar')

    // Move the list above the paragraph, remove the quote.
    await page.getByRole('button', { name: 'Subir bloque 3' }).click()
    await expect(editorBlocks().getByRole('listitem')).toHaveCount(5)
    await expect(block(2, 'Lista')).toBeVisible()
    await expect(block(3, 'Párrafo')).toBeVisible()
    await page.getByRole('button', { name: 'Quitar bloque 4' }).click()
    await expect(editorBlocks().getByRole('listitem')).toHaveCount(4)
    await expect(page.getByRole('button', { name: 'Bajar bloque 4' })).toBeDisabled()
    await expect(page.getByRole('button', { name: 'Subir bloque 1' })).toBeDisabled()

    await page.getByRole('tab', { name: 'JSON (avanzado)' }).click()
    expect(JSON.parse(await jsonView().inputValue())).toEqual(expected)
    // An edit in the JSON shows in the blocks, and back.
    await jsonView().fill(
      JSON.stringify(
        expected.map((b) => (b.type === 'heading' ? { ...b, level: 3 } : b)),
        null,
        2,
      ),
    )
    await page.getByRole('tab', { name: 'Bloques' }).click()
    await expect(block(1, 'Título').getByLabel('Nivel')).toHaveValue('3')
    await block(1, 'Título').getByLabel('Nivel').selectOption({ label: 'Sección (H2)' })
    await page.getByRole('tab', { name: 'JSON (avanzado)' }).click()
    expect(JSON.parse(await jsonView().inputValue())).toEqual(expected)
    await page.getByRole('tab', { name: 'Bloques' }).click()
  })

  test('published, it is served at /{slug} and listed in the sitemap, with its blocks in order', async () => {
    expect((await fetchPublic(page, `/${slug}`)).status).toBe(404)
    await flipPublishedAndSave(true)
    const stored = ((await rest(page, 'GET', `pages?select=content&slug=eq.${slug}`)).body as { content: unknown }[])[0]!.content
    expect(stored).toEqual(expected)

    await visitor.goto(`/${slug}`)
    await expect(visitor.locator('h1')).toHaveCount(1)
    await expect(visitor.locator('h1')).toHaveText(title)
    const article = visitor.locator('main article')
    await expect(article.getByRole('heading', { level: 2, name: `Sección ${runId}` })).toBeVisible()
    await expect(article.locator('ul > li')).toHaveText(['Uno', 'Dos', 'Tres'])
    await expect(article.locator('strong')).toHaveText('negrita')
    await expect(article.getByRole('link', { name: 'enlace', exact: true })).toHaveAttribute('href', '/shopify')
    await expect(article.getByRole('link', { name: 'Hablemos' })).toHaveAttribute('href', '/#contacto')
    // Blocks keep the order staff gave them: heading, list, paragraph, button.
    const order = await article.locator('h2, ul, p, a').evaluateAll((els) => els.map((el) => el.localName))
    expect(order.indexOf('h2')).toBeLessThan(order.indexOf('ul'))
    expect(order.indexOf('ul')).toBeLessThan(order.indexOf('p'))
    await expect(article).not.toContainText('Una cita que se quitará.')
    const types = (await visitor.locator('script[type="application/ld+json"]').allTextContents()).flatMap((t) =>
      (JSON.parse(t) as { '@graph': { '@type': string }[] })['@graph'].map((n) => n['@type']),
    )
    expect(types).toEqual(expect.arrayContaining(['WebPage', 'BreadcrumbList']))
  })

  test('unpublished, it is a 404 and leaves the sitemap', async () => {
    await card()
      .getByRole('button', { name: /^Editar(?! en la página)/ })
      .click()
    await flipPublishedAndSave(false)
  })
})

test('a page may not take a route of the site: "shopify" is refused in the admin and through supabase-js and REST', async ({ baseURL }) => {
  const reason = 'La URL /shopify ya es una ruta del sitio: elige otro slug para la página.'
  await openTab(page, 'Páginas')
  await page.getByRole('button', { name: 'Nueva Página' }).click()
  await page.getByLabel('Título', { exact: true }).fill(`Otra tienda ${runId}`)
  await page.getByLabel('Slug (URL)').fill('shopify')
  await page.getByRole('switch', { name: 'Publicada' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Error al guardar', reason)
  expect(await restCount(page, 'pages', '&slug=eq.shopify')).toBe(0)
  await page.getByRole('button', { name: 'Cancelar' }).click()
  await confirm(page, 'Hay cambios sin guardar', 'Descartar cambios')

  // Another client skipping the admin gets the same refusal from the database, on insert and on update.
  const client = await staffClient(baseURL!)
  const insert = await client.from('pages').insert({ title: `Sombra ${runId}`, slug: 'shopify', content: [], published: true })
  expect(insert.error).toMatchObject({ code: '23514', message: reason })
  const update = await client.from('pages').update({ slug: 'blog' }).eq('slug', 'kit-digital').select()
  expect(update.error).toMatchObject({ code: '23514', message: 'La URL /blog ya es una ruta del sitio: elige otro slug para la página.' })
  await client.auth.signOut()
  for (const slug of ['admin', 'consultoria-ux-ui', 'aviso-legal']) {
    const direct = await rest(page, 'POST', 'pages', { title: `Sombra ${runId}`, slug, content: [], published: true })
    expect(direct.status, slug).toBe(400)
    expect((direct.body as { message: string }).message).toBe(`La URL /${slug} ya es una ruta del sitio: elige otro slug para la página.`)
  }

  // The service page is still the one served.
  const shopify = await fetchPublic(page, '/shopify')
  expect(shopify.status).toBe(200)
  expect(shopify.body).not.toContain(`Sombra ${runId}`)
  expect(shopify.body).not.toContain(`Otra tienda ${runId}`)
  expect((await fetchPublic(page, '/kit-digital')).status).toBe(200)
})

test.describe('the home hero title from the Textos tab', () => {
  const fileText = 'Tecnología a medida que hace crecer tu negocio' // content/home.mdx, hero.title
  let seeded: { title: string | null; content: string }
  const heroTitle = async () => {
    const html = (await fetchPublic(page, '/')).body
    return /<h1\b[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '')
  }
  const place = () => page.getByRole('list', { name: 'Textos editables' }).getByRole('listitem').filter({ hasText: 'hero-titulo' })
  const form = () => page.getByRole('form', { name: 'Editar texto «hero-titulo»' })

  test.beforeAll(async () => {
    seeded = (
      (await rest(page, 'GET', 'content_blocks?select=title,content&page=eq.home&section=eq.hero&key=eq.hero-titulo')).body as (typeof seeded)[]
    )[0]!
    expect(seeded).toBeTruthy()
  })
  // The seed's override is what other specs see on the home page.
  test.afterAll(async () => {
    const now = (await rest(page, 'GET', 'content_blocks?select=content&page=eq.home&section=eq.hero&key=eq.hero-titulo')).body as unknown[]
    if (now.length) await rest(page, 'PATCH', 'content_blocks?page=eq.home&section=eq.hero&key=eq.hero-titulo', seeded)
    else await rest(page, 'POST', 'content_blocks', { page: 'home', section: 'hero', key: 'hero-titulo', ...seeded })
  })

  test("editing the text changes / with no restart; restoring the original brings back the file's text", async () => {
    expect(await heroTitle()).toBe(seeded.content)
    await openTab(page, 'Textos')
    await expect(place()).toContainText('Sustituido en el CMS')
    await place().getByRole('button', { name: 'Editar «Título principal (hero)»' }).click()
    const edited = `Hablemos de tu próximo proyecto ${runId}`
    await form().getByLabel('Texto').fill(edited)
    await form().getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado', 'Texto actualizado correctamente')
    await expect.poll(heroTitle, LIVE).toBe(edited)

    await place().getByRole('button', { name: 'Restaurar el original de «Título principal (hero)»' }).click()
    await confirm(page, '¿Volver al texto original de la página?', 'Eliminar')
    await expectToast(page, 'Texto eliminado')
    await expect(place()).toContainText('Texto del archivo')
    await expect.poll(heroTitle, LIVE).toBe(fileText)

    // Put the seed's wording back through the same tab.
    await place().getByRole('button', { name: 'Sustituir «Título principal (hero)»' }).click()
    await expectToast(page, 'Sustituido', 'Texto sustituido correctamente')
    await form()
      .getByLabel('Título')
      .fill(seeded.title ?? 'Título principal')
    await form().getByLabel('Texto').fill(seeded.content)
    await form().getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado', 'Texto actualizado correctamente')
    await expect.poll(heroTitle, LIVE).toBe(seeded.content)
  })
})

test.describe('the header menu from the Menú tab', () => {
  interface Item {
    id: string
    label: string
    path: string
    order_num: number
    parent_id: string | null
  }
  let original: Item[]
  const items = () => page.getByRole('list', { name: 'Elementos del menú' })
  const itemCard = (label: string) =>
    items()
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: label, exact: true }) })

  /** The top-level entries of the desktop and mobile menus as the server renders them on `path`. */
  async function header(path: string) {
    await visitor.goto(path)
    return visitor.evaluate(() => ({
      desktop: [...document.querySelectorAll('nav[aria-label="Main"] ul[data-orientation] > li')].map((li) => li.textContent?.trim()),
      mobile: [...document.querySelectorAll('#menu-movil > ul > li')].map((li) =>
        li.querySelector(':scope > a, :scope > button')?.textContent?.trim(),
      ),
    }))
  }
  const both = (labels: string[]) => ({ desktop: labels, mobile: labels })
  /** One page of each kind: home, a service page, a post, a CMS page and the 404 page. */
  const everyKind = ['/', '/shopify', '/blog/que-es-un-mvp-y-cuanto-cuesta', '/sobre-nosotros', '/no-existe-esta-pagina']

  test.beforeAll(async () => {
    original = (await rest(page, 'GET', 'menu_items?select=id,label,path,order_num,parent_id&order=order_num')).body as Item[]
  })
  test.afterAll(async () => {
    for (const item of original) await rest(page, 'PATCH', `menu_items?id=eq.${item.id}`, item)
  })

  test('renaming and reordering items changes the header on every kind of page, and restoring puts it back', async () => {
    const labels = original.filter((i) => i.parent_id === null).map((i) => i.label)
    expect(labels).toEqual(['Inicio', 'Soluciones', 'Casos de éxito', 'Proceso', 'Blog', 'Contacto'])
    expect(await header('/')).toEqual(both(labels))

    await openTab(page, 'Menú')
    const renamed = `Clientes ${runId}`
    await itemCard('Casos de éxito')
      .getByRole('button', { name: /^Editar(?! en la página)/ })
      .click()
    await page.getByLabel('Etiqueta').fill(renamed)
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado exitosamente')
    await itemCard('Blog')
      .getByRole('button', { name: /^Editar(?! en la página)/ })
      .click()
    await page.getByLabel('Orden').fill('-1')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado exitosamente')
    const changed = ['Blog', 'Inicio', 'Soluciones', renamed, 'Proceso', 'Contacto']
    for (const path of everyKind) await expect.poll(() => header(path), LIVE).toEqual(both(changed))
    await expect(visitor.locator('nav[aria-label="Main"]').getByRole('link', { name: renamed })).toHaveAttribute('href', '/#casos-exito')

    // Back as it was, through the same tab.
    await itemCard(renamed)
      .getByRole('button', { name: /^Editar(?! en la página)/ })
      .click()
    await page.getByLabel('Etiqueta').fill('Casos de éxito')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado exitosamente')
    await itemCard('Blog')
      .getByRole('button', { name: /^Editar(?! en la página)/ })
      .click()
    await page.getByLabel('Orden').fill(String(original.find((i) => i.label === 'Blog')!.order_num))
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado exitosamente')
    for (const path of everyKind) await expect.poll(() => header(path), LIVE).toEqual(both(labels))
  })

  test('an item placed inside another shows as a dropdown (desktop) and an accordion (mobile), by mouse and keyboard', async ({ browser }) => {
    const parent = `Recursos ${runId}`
    const child = `Guía del MVP ${runId}`
    const childPath = '/blog/que-es-un-mvp-y-cuanto-cuesta'
    try {
      await openTab(page, 'Menú')
      await page.getByRole('button', { name: 'Nuevo Elemento' }).click()
      await page.getByLabel('Etiqueta').fill(parent)
      await page.getByLabel('Ruta').fill('/blog')
      await page.getByLabel('Orden').fill('10')
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expectToast(page, 'Guardado exitosamente')
      await page.getByRole('button', { name: 'Nuevo Elemento' }).click()
      await page.getByLabel('Etiqueta').fill(child)
      await page.getByLabel('Ruta').fill(childPath)
      await page.getByLabel('Dentro de').selectOption({ label: parent })
      await page.getByRole('button', { name: 'Guardar' }).click()
      await expectToast(page, 'Guardado exitosamente')
      await expect(itemCard(child)).toContainText(`Dentro de: ${parent}`)
      await expect
        .poll(async () => (await header('/')).desktop, LIVE)
        .toEqual([...original.filter((i) => i.parent_id === null).map((i) => i.label), parent])

      const site = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage()
      // Cookies already answered: no banner between the keyboard and the menu.
      await site.addInitScript(() => localStorage.setItem('cookiesAccepted', 'false'))
      await site.goto('/blog')
      const nav = site.getByRole('navigation', { name: 'Main' })
      const trigger = nav.getByRole('button', { name: parent })
      // The parent is a trigger now, not a link; its panel holds the child. Keyboard first, as a fresh visit.
      await expect(nav.locator('ul[data-orientation] > li > a', { hasText: parent })).toHaveCount(0)
      await trigger.focus()
      await trigger.press('Enter')
      await expect(trigger).toHaveAttribute('aria-expanded', 'true')
      // The panel offers the parent's own page first, then its children.
      await site.keyboard.press('Tab')
      await expect(nav.getByRole('link', { name: parent })).toBeFocused()
      await expect(nav.getByRole('link', { name: parent })).toHaveAttribute('href', '/blog')
      await site.keyboard.press('Tab')
      await expect(nav.getByRole('link', { name: child })).toBeFocused()
      await site.keyboard.press('Escape')
      await expect(trigger).toHaveAttribute('aria-expanded', 'false')
      await expect(nav.getByRole('link', { name: child })).toBeHidden()
      // A mouse opens it by resting on the trigger.
      await trigger.hover()
      await expect(nav.getByRole('link', { name: child })).toBeVisible()
      await expect(nav.getByRole('link', { name: child })).toHaveAttribute('href', childPath)
      await nav.getByRole('link', { name: child }).click()
      await expect(site).toHaveURL(new RegExp(`${childPath}$`))

      await site.setViewportSize({ width: 390, height: 844 })
      await site.getByRole('button', { name: 'Abrir menú' }).click()
      const mobile = site.getByRole('navigation', { name: 'Menú móvil' })
      const accordion = mobile.getByRole('button', { name: parent })
      await expect(accordion).toHaveAttribute('aria-expanded', 'false')
      await expect(mobile.getByRole('link', { name: child })).toBeHidden()
      await accordion.focus()
      await site.keyboard.press('Enter')
      await expect(accordion).toHaveAttribute('aria-expanded', 'true')
      await expect(mobile.getByRole('link', { name: child })).toHaveAttribute('href', childPath)
      await expect(mobile.getByRole('link', { name: child })).toBeVisible()
      await accordion.click()
      await expect(accordion).toHaveAttribute('aria-expanded', 'false')
      await site.context().close()

      // Removing the parent through the tab takes the dropdown off the header.
      await itemCard(child)
        .getByRole('button', { name: /^Eliminar/ })
        .click()
      await confirm(page, '¿Estás seguro de eliminar este elemento del menú?', 'Eliminar')
      await expectToast(page, 'Eliminado exitosamente')
      await itemCard(parent)
        .getByRole('button', { name: /^Eliminar/ })
        .click()
      await confirm(page, '¿Estás seguro de eliminar este elemento del menú?', 'Eliminar')
      await expectToast(page, 'Eliminado exitosamente')
      await expect.poll(() => header('/'), LIVE).toEqual(both(original.filter((i) => i.parent_id === null).map((i) => i.label)))
    } finally {
      await rest(page, 'DELETE', `menu_items?label=eq.${encodeURIComponent(child)}`)
      await rest(page, 'DELETE', `menu_items?label=eq.${encodeURIComponent(parent)}`)
    }
  })

  test('a javascript: path is refused with a Spanish error, in the admin and by the database; an empty label too', async () => {
    const label = `Malicioso ${runId}`
    await openTab(page, 'Menú')
    await page.getByRole('button', { name: 'Nuevo Elemento' }).click()
    await page.getByLabel('Etiqueta').fill(label)
    await page.getByLabel('Ruta').fill('javascript:alert(document.cookie)')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(
      page,
      'Error al guardar',
      'La ruta «javascript:alert(document.cookie)» no es válida: usa una ruta del sitio (/shopify), un ancla (/#contacto) o una URL http(s).',
    )
    expect(await restCount(page, 'menu_items', `&label=eq.${encodeURIComponent(label)}`)).toBe(0)

    await page.getByLabel('Etiqueta').fill('   ')
    await page.getByRole('button', { name: 'Guardar' }).click()
    await expect(page.getByText('Escribe la etiqueta que verá el visitante.')).toBeVisible()
    await page.getByRole('button', { name: 'Cancelar' }).click()
    const discard = page.getByRole('alertdialog')
    if (await discard.isVisible()) await discard.getByRole('button', { name: 'Descartar cambios' }).click()

    for (const path of ['data:text/html,<script>alert(1)</script>', ' javascript:alert(1)', 'JavaScript:alert(1)', '//evil.example/x']) {
      const direct = await rest(page, 'POST', 'menu_items', { label, path, order_num: 99 })
      expect(direct.status, path).toBe(400)
      expect((direct.body as { message: string }).message, path).toMatch(/^La ruta «.*» no es válida: usa una ruta del sitio/)
    }
    const empty = await rest(page, 'POST', 'menu_items', { label: '  ', path: '/blog', order_num: 99 })
    expect(empty.status).toBe(400)
    expect((empty.body as { message: string }).message).toBe('La etiqueta del elemento del menú no puede estar vacía.')
    expect(await restCount(page, 'menu_items', `&label=eq.${encodeURIComponent(label)}`)).toBe(0)
    expect(JSON.stringify(await header('/'))).not.toContain('Malicioso')
  })
})
