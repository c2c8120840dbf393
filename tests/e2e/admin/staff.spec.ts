import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import {
  chooseOption,
  confirm,
  demoStaff,
  markToastsSeen,
  expectAccessible,
  expectToast,
  openTab,
  rest,
  restCount,
  runId,
  signedInStaffPage,
} from './helpers'

// One signed-in page for the whole walk (signedInStaffPage). Each step walks a whole tab (with axe scans), hence the longer timeout.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000) // signing in hashes a password: slow on a busy machine
  page = await signedInStaffPage(browser)
})
test.afterAll(async () => {
  await page.context().close()
})

test('dashboard: header, counters that match the data, accessible', async () => {
  await expect(page).toHaveTitle('Panel de Administración | Panel CMS')
  await expect(page.getByRole('heading', { name: 'Panel de Administración CMS' })).toBeVisible()
  await expect(page.getByText(`Conectado como: ${demoStaff.email}`)).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Dashboard' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Tu cuenta está pendiente de acceso')).toHaveCount(0)

  const posts = await restCount(page, 'blog_posts')
  const published = await restCount(page, 'blog_posts', '&published=eq.true')
  const expected = {
    'Entradas de Blog': posts,
    Páginas: await restCount(page, 'pages'),
    'Textos sustituidos': await restCount(page, 'content_blocks'),
    Tags: await restCount(page, 'blog_tags'),
  }
  for (const [label, n] of Object.entries(expected)) await expect(page.getByTestId(`stat-${label}`)).toHaveText(String(n))
  await expect(page.getByText(`${published} publicadas`)).toBeVisible()
  for (const text of ['Páginas dinámicas', 'Sobre los archivos del sitio', 'Etiquetas disponibles', 'Acciones Rápidas', 'Consejos de SEO']) {
    await expect(page.getByText(text, { exact: true })).toBeVisible()
  }
  await expect(page.getByText(/150 y 160 caracteres/)).toBeVisible()
  await expectAccessible(page, 'Dashboard')
})

/** Opens `tab`'s list (its heading, axe at 0), then its `create` form, where saving it empty is refused with `refusal`. */
async function openNewAndSaveEmpty(tab: string, heading: string, create: string, refusal: string) {
  await openTab(page, tab)
  await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  await expectAccessible(page, `${tab} (lista)`)

  await page.getByRole('button', { name: create }).click()
  await expect(page.getByRole('heading', { name: create })).toBeVisible()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Error', refusal)
}

/** Presses the card's `button`, confirms `question` with «Eliminar», and sees `toast` and the card gone. */
async function removeFromCard(card: Locator, button: RegExp, question: string, toast: string) {
  await card.getByRole('button', { name: button }).click()
  await confirm(page, question, 'Eliminar')
  await expectToast(page, toast)
  await expect(card).toHaveCount(0)
}

test('blog: create, edit, publish, unpublish and delete a post with tags', async () => {
  const title = `Entrada de prueba ${runId}`
  const tag = `Tag ${runId}`
  await openNewAndSaveEmpty('Blog', 'Entradas de Blog', 'Nueva Entrada', 'El título y contenido son obligatorios')

  await page.getByLabel('Título').fill(title)
  // The slug is normalised as it is typed.
  await page.getByLabel('Slug (URL)').fill(`Mi Slug ${runId}`)
  await expect(page.getByLabel('Slug (URL)')).toHaveValue(`mi-slug-${runId}`)
  await page
    .getByRole('textbox', { name: 'Contenido', exact: true })
    .fill('## Subtítulo\n\nTexto con **negrita**.\n\n<img src=x alt="" onerror="window.__xss=1">')
  // The live preview beside the form (decision 0100): the site's own render of the unsaved Markdown, sanitised.
  const preview = page.frameLocator('iframe[title="Vista previa de la página sin guardar"]')
  await expect(preview.getByRole('heading', { name: 'Subtítulo' })).toBeVisible({ timeout: 60_000 })
  await expect(preview.locator('article strong', { hasText: 'negrita' })).toBeVisible()
  await expect(preview.locator('[onerror]')).toHaveCount(0)
  expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined()

  await page.getByLabel('Nuevo tag').fill(tag)
  await page.getByRole('button', { name: 'Añadir tag' }).click()
  await expectToast(page, 'Tag creado')
  await expect(page.getByRole('button', { name: tag })).toHaveAttribute('aria-pressed', 'true')
  await page.getByRole('button', { name: 'Shopify', exact: true }).click()
  await expectAccessible(page, 'Blog (formulario)')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado', 'Los cambios se han guardado correctamente')

  const card = page.getByRole('listitem').filter({ hasText: title })
  await expect(card).toContainText('✗ Borrador')
  await expect(card).toContainText('Sin extracto')
  await expect(card).toContainText(/Creado: \d{1,2} de [a-z]+ de \d{4}/)

  // Reopen: the tags survived the round trip. Publish it.
  await card.getByRole('button', { name: /^Editar(?! en la página)/ }).click()
  await expect(page.getByRole('heading', { name: 'Editar Entrada' })).toBeVisible()
  await expect(page.getByRole('button', { name: tag })).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByRole('button', { name: 'Shopify', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await page.getByLabel('Extracto').fill('Un extracto breve.')
  await page.getByRole('switch', { name: 'Publicado' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
  await expect(card).toContainText('✓ Publicado')
  await expect(card).toContainText('Un extracto breve.')
  const stored = async () =>
    (
      (await rest(page, 'GET', `blog_posts?select=id,published_at&slug=eq.mi-slug-${runId}`)).body as { id: string; published_at: string | null }[]
    )[0]!
  const firstStamp = (await stored()).published_at
  expect(firstStamp).not.toBeNull()

  // Saving again while published keeps published_at; dropping a tag with Ctrl+S.
  await card.getByRole('button', { name: /^Editar(?! en la página)/ }).click()
  await page.getByRole('button', { name: 'Shopify', exact: true }).click()
  await page.keyboard.press('Control+s')
  await expectToast(page, 'Post guardado')
  const post = await stored()
  expect(post.published_at).toBe(firstStamp)
  const tagRows = (await rest(page, 'GET', `blog_post_tags?select=tag_id&blog_post_id=eq.${post.id}`)).body as unknown[]
  expect(tagRows).toHaveLength(1)

  // Unpublish clears published_at.
  await card.getByRole('button', { name: /^Editar(?! en la página)/ }).click()
  await page.getByRole('switch', { name: 'Publicado' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
  await expect(card).toContainText('✗ Borrador')
  expect((await stored()).published_at).toBeNull()

  // A slug clash is explained in Spanish.
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Título').fill(`Otra ${runId}`)
  await page.getByLabel('Slug (URL)').fill(`mi-slug-${runId}`)
  await page.getByRole('textbox', { name: 'Contenido', exact: true }).fill('Texto')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Error al guardar', /Ya existe una entrada con ese slug/)
  await page.getByRole('button', { name: 'Cancelar' }).click()
  await confirm(page, 'Hay cambios sin guardar', 'Descartar cambios')

  await removeFromCard(card, /^Eliminar/, '¿Estás seguro de eliminar este post?', 'Post eliminado')
})

test('pages: create (invalid JSON blocked), edit and delete', async () => {
  const title = `Página ${runId}`
  await openNewAndSaveEmpty('Páginas', 'Páginas Dinámicas', 'Nueva Página', 'El título y slug son obligatorios')
  await page.getByLabel('Título').fill(title)
  await page.getByLabel('Slug (URL)').fill(`Pagina ${runId}`)
  await expect(page.getByText(`URL: /pagina-${runId}`)).toBeVisible()
  await page.getByRole('tab', { name: 'JSON (avanzado)' }).click()
  const content = page.getByLabel('Contenido (JSON)')
  await content.fill('[{"type": "heading", "text": "Hola"')
  await expect(content).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByText(/JSON no válido/)).toBeVisible()
  await expectAccessible(page, 'Páginas (formulario con error)')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'No se puede guardar la página' })).toBeFocused()
  expect(await restCount(page, 'pages', `&slug=eq.pagina-${runId}`)).toBe(0)

  await content.fill('[{"type": "heading", "text": "Hola"}]')
  await expect(page.getByText(/JSON no válido/)).toHaveCount(0)
  await page.getByRole('switch', { name: 'Publicada' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Página guardada', 'Los cambios se han guardado correctamente')
  const card = page.getByRole('listitem').filter({ hasText: title })
  await expect(card).toContainText(`/pagina-${runId}`)
  await expect(card).toContainText('Estado: ✓ Publicada')
  await expect(card).toContainText(/Creada: \d{1,2} de [a-z]+ de \d{4}/)
  // Newest first.
  await expect(page.getByRole('list', { name: 'Páginas' }).getByRole('listitem').first()).toContainText(title)

  await card.getByRole('button', { name: /^Editar(?! en la página)/ }).click()
  await expect(page.getByRole('heading', { name: 'Editar Página' })).toBeVisible()
  await page.getByRole('tab', { name: 'JSON (avanzado)' }).click()
  await expect(content).toHaveValue(/"text": "Hola"/)
  await page.getByLabel('Título').fill(`${title} editada`)
  await page.getByRole('switch', { name: 'Publicada' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Página guardada')
  const edited = page.getByRole('listitem').filter({ hasText: `${title} editada` })
  await expect(edited).toContainText('Estado: ✗ Borrador')

  await edited.getByRole('button', { name: /^Eliminar/ }).click()
  await confirm(page, '¿Estás seguro de eliminar esta página?', 'Cancelar')
  await expect(edited).toHaveCount(1)
  await removeFromCard(edited, /^Eliminar/, '¿Estás seguro de eliminar esta página?', 'Página eliminada')
})

test('texts: on each page, replace a free text place and edit the override', async () => {
  await openTab(page, 'Textos')
  await expect(page.getByRole('combobox', { name: 'Página' })).toHaveText('Página Principal')
  await expectAccessible(page, 'Textos')
  for (const label of ['Página Principal', 'Desarrollo Shopify', 'Consultoría digital', 'Automatización con IA']) {
    if (label !== 'Página Principal') await chooseOption(page, 'Página', label)
    const places = page.getByRole('list', { name: 'Textos editables' })
    await expect(places.getByRole('listitem').first()).toBeVisible()
    const free = page.getByLabel('Texto que quieres sustituir')
    const place = (await free.locator('option').nth(1).textContent())!
    await free.selectOption({ label: place })
    await page.getByRole('button', { name: 'Sustituir texto' }).click()
    await expectToast(page, 'Sustituido', 'Texto sustituido correctamente')
    const form = page.getByRole('form', { name: /^Editar texto «/ })
    await expect(form.getByLabel('Texto')).not.toHaveValue('')
    const title = `Título ${label} ${runId}`
    await form.getByLabel('Título').fill(title)
    await form.getByLabel('Texto').fill(`Texto de ${label} ${runId}`)
    await form.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado', 'Texto actualizado correctamente')
    const card = places.getByRole('listitem').filter({ hasText: `Texto de ${label} ${runId}` })
    await expect(card).toContainText('Sustituido en el CMS')
    // Restoring the original gives the place back to the file's text.
    await removeFromCard(card, /^Restaurar el original/, '¿Volver al texto original de la página?', 'Texto eliminado')
  }
})

test('menu: create, edit and delete an item', async () => {
  await openTab(page, 'Menú')
  const items = page.getByRole('list', { name: 'Elementos del menú' })
  await expect(items).toBeVisible()
  const count = await items.getByRole('listitem').count()
  await expectAccessible(page, 'Menú')

  await page.getByRole('button', { name: 'Nuevo Elemento' }).click()
  await expect(page.getByRole('heading', { name: 'Crear Nuevo Elemento' })).toBeVisible()
  await expect(page.getByLabel('Etiqueta')).toHaveValue('Nuevo Elemento')
  await expect(page.getByLabel('Ruta')).toHaveValue('/nueva-pagina')
  await expect(page.getByLabel('Orden')).toHaveValue(String(count))
  const label = `Enlace ${runId}`
  await page.getByLabel('Etiqueta').fill(label)
  await page.getByLabel('Ruta').fill('/blog')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Guardado exitosamente')
  const card = items.getByRole('listitem').filter({ hasText: label })
  await expect(card).toContainText(`Orden: ${count}`)
  await expect(items.getByRole('listitem').last()).toContainText(label)

  await card.getByRole('button', { name: /^Editar(?! en la página)/ }).click()
  await expect(page.getByRole('heading', { name: 'Editar Elemento' })).toBeVisible()
  await page.getByLabel('Orden').fill('-1')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Guardado exitosamente')
  await expect(items.getByRole('listitem').first()).toContainText(label)
  await expect(card).toContainText('Orden: -1')

  await removeFromCard(card, /^Eliminar/, '¿Estás seguro de eliminar este elemento del menú?', 'Eliminado exitosamente')
})

test('seo: a page without metadata, saved and edited again; counters and caps', async () => {
  await openTab(page, 'SEO')
  const select = page.getByRole('combobox', { name: 'Página' })
  await expect(select).toHaveText('Elige una página')
  await expectAccessible(page, 'SEO (sin página)')
  await select.click()
  const options = page.getByRole('option')
  // The list comes from the real routes: /consultoria-uxui, never the misspelt /consultoria-ux-ui.
  await expect(page.getByRole('option', { name: '/consultoria-uxui', exact: true })).toBeVisible()
  await expect(page.getByRole('option', { name: '/consultoria-ux-ui' })).toHaveCount(0)
  await expect(page.getByRole('option', { name: '/aviso-legal', exact: true })).toBeVisible()
  expect(await options.count()).toBeGreaterThan(21)
  await page.keyboard.press('Escape')

  const path = '/agentes-ia'
  await rest(page, 'DELETE', `seo_metadata?page_path=eq.${encodeURIComponent(path)}`)
  await chooseOption(page, 'Página', path)
  const title = page.getByLabel('Meta título')
  await expect(title).toHaveValue('')
  await expect(page.getByText('0/60')).toBeVisible()
  await title.fill('x'.repeat(70))
  await expect(title).toHaveValue('x'.repeat(60))
  await expect(page.getByText('60/60')).toBeVisible()
  await title.fill(`Agentes IA ${runId}`)
  await page.getByLabel('Meta descripción').fill('Descripción de prueba')
  await expect(page.getByText('21/160')).toBeVisible()
  const serp = page.getByRole('heading', { name: 'Vista previa en Google' }).locator('..').locator('..')
  await expect(serp).toContainText(`Agentes IA ${runId}`)
  await page.getByRole('switch', { name: 'No indexar' }).click()
  await expectAccessible(page, 'SEO (formulario)')
  await page.getByRole('button', { name: 'Guardar SEO' }).click()
  await expectToast(page, 'SEO guardado', 'Los metadatos se han guardado correctamente')
  // The notice stays 5 s: marked seen, so the «SEO guardado» awaited below can only be the next save's.
  await markToastsSeen(page)

  // Back to it: the row is there and can be edited again.
  await chooseOption(page, 'Página', '/')
  await chooseOption(page, 'Página', path)
  await expect(title).toHaveValue(`Agentes IA ${runId}`)
  await expect(page.getByRole('switch', { name: 'No indexar' })).toHaveAttribute('aria-checked', 'true')
  await page.getByLabel('Palabras clave').fill('agentes, ia')
  // The server answers this save slowly: the form takes no typing while it is in flight, and the row is read
  // once this save's own notice is shown.
  await page.route('**/rest/v1/seo_metadata?*', async (route) => {
    if (route.request().method() !== 'GET') await new Promise((resolve) => setTimeout(resolve, 1500))
    await route.continue()
  })
  await page.getByRole('button', { name: 'Guardar SEO' }).click()
  await expect(page.getByLabel('Palabras clave')).toBeDisabled()
  await expectToast(page, 'SEO guardado')
  const row = ((await rest(page, 'GET', `seo_metadata?page_path=eq.${encodeURIComponent(path)}`)).body as Record<string, unknown>[])[0]
  expect(row).toMatchObject({ meta_title: `Agentes IA ${runId}`, keywords: 'agentes, ia', noindex: true, nofollow: false })
  await page.unrouteAll()
  // The live site serves this row at once: remove it, so /agentes-ia is indexable again for the other specs.
  await rest(page, 'DELETE', `seo_metadata?page_path=eq.${encodeURIComponent(path)}`)
})

test('seo: a row stored under /consultoria-ux-ui is honoured for /consultoria-uxui and saved under the real path', async () => {
  const both = 'seo_metadata?page_path=in.(%22/consultoria-uxui%22,%22/consultoria-ux-ui%22)'
  const seeded = (await rest(page, 'GET', `${both.replace('?', '?select=*&')}`)).body as Record<string, unknown>[]
  await rest(page, 'DELETE', both)
  await rest(page, 'POST', 'seo_metadata', { page_path: '/consultoria-ux-ui', meta_title: `Antigua ${runId}` })
  await openTab(page, 'SEO')
  await chooseOption(page, 'Página', '/consultoria-uxui')
  await expect(page.getByLabel('Meta título')).toHaveValue(`Antigua ${runId}`)
  await page.getByRole('button', { name: 'Guardar SEO' }).click()
  await expectToast(page, 'SEO guardado')
  const rows = (await rest(page, 'GET', 'seo_metadata?select=page_path,meta_title&page_path=eq./consultoria-uxui')).body
  expect(rows).toEqual([{ page_path: '/consultoria-uxui', meta_title: `Antigua ${runId}` }])
  // The seed's rows are what the live page serves to the other specs: put them back.
  await rest(page, 'DELETE', both)
  if (seeded.length)
    await rest(
      page,
      'POST',
      'seo_metadata',
      seeded.map(({ id: _id, created_at: _c, updated_at: _u, ...row }) => row),
    )
})

test('keyboard: a form opens, fills and saves without a mouse, with a visible focus ring', async () => {
  await openTab(page, 'Menú')
  const create = page.getByRole('button', { name: 'Nuevo Elemento' })
  await create.focus()
  await page.keyboard.press('Enter')
  const label = page.getByLabel('Etiqueta')
  await expect(label).toBeFocused()
  const outline = await label.evaluate((el) => getComputedStyle(el).outlineStyle)
  expect(outline).not.toBe('none')
  await page.keyboard.press('Control+a')
  await page.keyboard.type(`Teclado ${runId}`)
  await page.keyboard.press('Enter')
  await expectToast(page, 'Guardado exitosamente')
  // The notice is a dismissable layer of its own (Escape closes it): let it go first, so Escape below
  // is the dialog's.
  await expect(page.getByRole('region', { name: /Notifica/ }).getByRole('listitem')).toHaveCount(0, { timeout: 10_000 })
  const card = page.getByRole('listitem').filter({ hasText: `Teclado ${runId}` })
  await card.getByRole('button', { name: /^Eliminar/ }).focus()
  await page.keyboard.press('Enter')
  // The dialog opens on its safe choice; Escape closes it without deleting.
  await expect(page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await expect(card).toHaveCount(1)
  await card.getByRole('button', { name: /^Eliminar/ }).click()
  await confirm(page, '¿Estás seguro de eliminar este elemento del menú?', 'Eliminar')
})

test('every tab fits a 390 px wide phone', async () => {
  await page.setViewportSize({ width: 390, height: 844 })
  for (const tab of ['Dashboard', 'Páginas', 'Textos', 'Blog', 'Medios', 'Menú', 'SEO']) {
    await openTab(page, tab)
    if (tab === 'SEO') await chooseOption(page, 'Página', '/')
    if (tab === 'Blog') await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    await page.waitForTimeout(300)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
    expect(overflow, `${tab} overflows by ${overflow}px`).toBeLessThanOrEqual(0)
    if (tab === 'Blog') await page.getByRole('button', { name: 'Cancelar' }).click()
  }
  await page.setViewportSize({ width: 1280, height: 720 })
})

test('unsaved changes: leaving a tab or the page asks first', async () => {
  await openTab(page, 'Páginas')
  await page.getByRole('button', { name: 'Nueva Página' }).click()
  await page.getByLabel('Título').fill('Sin guardar')
  await page.getByRole('tab', { name: 'Menú' }).click()
  await confirm(page, 'Hay cambios sin guardar', 'Cancelar')
  await expect(page.getByLabel('Título')).toHaveValue('Sin guardar')
  await expect(page.getByRole('tab', { name: 'Páginas' })).toHaveAttribute('aria-selected', 'true')

  // Closing or reloading the browser tab gets the browser's own question.
  const asked = page.waitForEvent('dialog').then(async (dialog) => {
    expect(dialog.type()).toBe('beforeunload')
    await dialog.dismiss()
  })
  await page.evaluate(() => {
    window.location.reload()
  })
  await asked
  await expect(page.getByLabel('Título')).toHaveValue('Sin guardar')

  await page.getByRole('tab', { name: 'Menú' }).click()
  await confirm(page, 'Hay cambios sin guardar', 'Descartar cambios')
  await expect(page.getByRole('tab', { name: 'Menú' })).toHaveAttribute('aria-selected', 'true')
})

test('signing out in another tab sends this one to /auth; Cerrar Sesión goes to the home page', async () => {
  const other = await page.context().newPage()
  await other.goto('/admin')
  await expect(other.getByRole('button', { name: 'Cerrar Sesión' })).toBeVisible()
  await other.getByRole('button', { name: 'Cerrar Sesión' }).click()
  await expect(other).toHaveURL(/localhost:\d+\/$/)
  await expect(page).toHaveURL(/\/auth$/)
  await other.close()
})
