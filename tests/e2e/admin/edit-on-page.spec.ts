import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { LIVE, chooseOption, confirm, expectAccessible, fetchPublic, openTab, rest, runId, signedInStaffPage } from './helpers'

// «Editar en la página» (docs/decisions/0101-edit-on-the-page.md): from Textos, a landing page as visitors see it,
// its text places outlined and editable in place, saved through the same API, precondition and history as the
// form; the visitor's page carries nothing of it.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
let page: Page
const PATH = '/workflows-ia'
const KEY = 'workflows-ia'
const PAGE_LABEL = 'Workflows con IA'
const FILE_INTRO = 'Si una tarea se repite, sigue reglas y consume horas de tu equipo, probablemente pueda automatizarse.'
const newTitle = `Workflows que trabajan solos ${runId}`
/** Words no visitor's page or script may contain: edit mode's own. */
const EDIT_MODE_TRACES = ['Editar en la página', 'plaintext-only', 'contenteditable', 'data-place', 'modo edición']

/** The public page's HTML and the bytes of every script it loads, as an anonymous visitor gets them. */
async function visitorBytes(path: string): Promise<{ html: string; scripts: string[] }> {
  const { body: html } = await fetchPublic(page, path)
  // The page's one inline script fetches its script and chunks after the first paint, from these attributes.
  const end = /<script id="page-end" data-entry="([^"]+)" data-preloads="([^"]*)"/.exec(html)
  const sources = end ? [end[1]!, ...end[2]!.split(' ').filter(Boolean)] : []
  const scripts = await Promise.all(sources.map(async (src) => (await page.request.get(src)).text()))
  return { html, scripts }
}

const dialog = () => page.getByRole('dialog', { name: `Editar en la página: ${PAGE_LABEL}` })
const frame = () => page.frameLocator(`iframe[title="${PAGE_LABEL} en modo edición"]`)
const heroTitle = () => frame().locator('[data-place="hero/hero-titulo"]')

async function openEditMode() {
  await page.getByRole('button', { name: 'Editar en la página' }).click()
  await expect(dialog()).toBeVisible()
  await expect(heroTitle()).toHaveAttribute('contenteditable', 'plaintext-only')
}

/** Types `text` over the place's whole text, as staff do: click, select all, type. */
async function retype(place: ReturnType<typeof heroTitle>, text: string) {
  await place.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

let before: Awaited<ReturnType<typeof visitorBytes>>

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  before = await visitorBytes(PATH)
  await openTab(page, 'Textos')
  await chooseOption(page, 'Página', PAGE_LABEL)
})
test.afterAll(async () => {
  // Other specs of the run read this page with its file's texts.
  await rest(page, 'DELETE', `content_blocks?page=eq.${KEY}`)
  await page.context().close()
})

test('the page opens in edit mode with its places outlined; the keyboard walks the bar, then the places; Escape leaves', async () => {
  await openEditMode()
  await expectAccessible(page, 'editar en la página')
  // The screen as staff see it (the panel under it is longer than the window: not the whole page).
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `.tmp/screens/editar-en-la-pagina-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  // The bar first, then the places in the page's order: the page's links are out of the keyboard's way.
  const focused = async () =>
    page.evaluate(() => {
      const active = document.activeElement
      if (active instanceof HTMLIFrameElement) return `frame:${active.contentDocument?.activeElement?.getAttribute('data-place')}`
      return active?.textContent?.trim() ?? ''
    })
  const order: string[] = []
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab')
    order.push(await focused())
  }
  expect(order.slice(0, order.indexOf('frame:hero/hero-titulo') + 3)).toEqual([
    expect.stringContaining('/workflows-ia'),
    'Guardar',
    'Salir',
    'frame:hero/hero-titulo',
    'frame:hero/hero-subtitulo',
    'frame:automatizaciones/automatizaciones-titulo',
  ])

  await page.keyboard.press('Escape')
  await expect(dialog()).toBeHidden()
  await expect(page.getByRole('button', { name: 'Editar en la página' })).toBeFocused()
})

test('an edit in place is saved as a text override, recorded in its history and served to visitors', async () => {
  await openEditMode()
  await retype(heroTitle(), newTitle)
  await expect(dialog().getByRole('status').filter({ hasText: '1 texto cambiado' })).toBeVisible()
  // Escape with a change asks first; staying keeps the change.
  await page.keyboard.press('Escape')
  await confirm(page, 'Hay cambios sin guardar', 'Cancelar')
  await expect(heroTitle()).toHaveText(newTitle)

  await dialog().getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog()).toContainText('Cambios guardados')
  await expect(dialog().getByRole('status').filter({ hasText: 'Sin cambios' })).toBeVisible()
  const stored = await rest(page, 'GET', `content_blocks?page=eq.${KEY}&key=eq.hero-titulo&select=id,content`)
  expect(stored.body).toEqual([{ id: expect.any(Number), content: newTitle }])
  const { id } = (stored.body as { id: number }[])[0]!
  const revisions = await rest(page, 'GET', `content_revisions?table_name=eq.content_blocks&record_id=eq.${id}&select=id`)
  expect(revisions.body).toHaveLength(1)
  await expect.poll(async () => (await fetchPublic(page, PATH)).body, LIVE).toContain(newTitle)

  // The same place again: now an update of the override this session wrote.
  await retype(heroTitle(), `${newTitle}.`)
  await dialog().getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog().getByRole('status').filter({ hasText: 'Sin cambios' })).toBeVisible()
  expect((await rest(page, 'GET', `content_revisions?table_name=eq.content_blocks&record_id=eq.${id}&select=id`)).body).toHaveLength(2)
  await page.keyboard.press('Escape')
  await expect(dialog()).toBeHidden()

  // The Textos list shows it replaced, with its Historial.
  await expect(page.getByText(`${newTitle}.`, { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Historial de «Título principal (hero)»' }).click()
  await expect(
    page.getByRole('dialog', { name: 'Historial de «Título principal (hero)»' }).getByRole('list', { name: 'Versiones' }).getByRole('listitem'),
  ).toHaveCount(2)
  await page.keyboard.press('Escape')
})

test("an empty place is refused with the form's message, and nothing is written", async () => {
  await openEditMode()
  const intro = frame().locator('[data-place="automatizaciones/automatizaciones-intro"]')
  await retype(intro, ' ')
  await dialog().getByRole('button', { name: 'Guardar' }).click()
  await expect(dialog()).toContainText('Escribe el texto. Para volver al texto original de la página, usa «Restaurar original».')
  await expect(intro).toBeFocused()
  expect((await rest(page, 'GET', `content_blocks?page=eq.${KEY}&key=eq.automatizaciones-intro`)).body).toEqual([])
  await dialog().getByRole('button', { name: 'Descartar cambios' }).click()
  await expect(intro).toHaveText(FILE_INTRO)
  await dialog().getByRole('button', { name: 'Salir' }).click()
  await expect(dialog()).toBeHidden()
})

test('a save made elsewhere meanwhile refuses this one with the usual notice; «Ver su versión» shows theirs', async () => {
  await openEditMode()
  const theirs = `Otra versión ${runId}`
  expect((await rest(page, 'PATCH', `content_blocks?page=eq.${KEY}&key=eq.hero-titulo`, { content: theirs })).status).toBeLessThan(300)
  await retype(heroTitle(), `Mía ${runId}`)
  await dialog().getByRole('button', { name: 'Guardar' }).click()
  const notice = dialog()
    .getByRole('alert')
    .filter({ hasText: /Otra persona guardó cambios en este texto a las \d{2}:\d{2}\./ })
  await expect(notice).toBeVisible()
  expect((await rest(page, 'GET', `content_blocks?page=eq.${KEY}&key=eq.hero-titulo&select=content`)).body).toEqual([{ content: theirs }])
  await notice.getByRole('button', { name: 'Ver su versión' }).click()
  await expect(heroTitle()).toHaveText(theirs)

  // A place someone else replaced since edit mode opened (an insert that finds the override there) is refused too.
  await retype(frame().locator('[data-place="automatizaciones/automatizaciones-titulo"]'), `Mi sección ${runId}`)
  const other = {
    page: KEY,
    section: 'automatizaciones',
    key: 'automatizaciones-titulo',
    title: 'Título de la sección',
    content: `Su sección ${runId}`,
  }
  expect((await rest(page, 'POST', 'content_blocks', other)).status).toBe(201)
  await dialog().getByRole('button', { name: 'Guardar' }).click()
  await notice.or(dialog().getByRole('alert')).first().waitFor()
  await dialog().getByRole('button', { name: 'Sobrescribir con mis cambios' }).click()
  await expect(dialog().getByRole('status').filter({ hasText: 'Sin cambios' })).toBeVisible()
  expect((await rest(page, 'GET', `content_blocks?page=eq.${KEY}&key=eq.automatizaciones-titulo&select=content`)).body).toEqual([
    { content: `Mi sección ${runId}` },
  ])
  await page.keyboard.press('Escape')
  await expect(dialog()).toBeHidden()
})

test('a draft post: its title edited on the page is saved with a revision, and is public once the post is published', async () => {
  const slug = `en-la-pagina-${runId}`
  const created = await rest(
    page,
    'POST',
    'blog_posts',
    { title: `Borrador ${runId}`, slug, content: 'Texto de la entrada.' },
    'return=representation',
  )
  const { id } = (created.body as { id: string }[])[0]!
  await openTab(page, 'Blog')
  await page.getByRole('button', { name: `Editar en la página «Borrador ${runId}»` }).click()
  const editMode = page.getByRole('dialog', { name: `Editar en la página: Borrador ${runId}` })
  const title = page.frameLocator(`iframe[title="Borrador ${runId} en modo edición"]`).locator('[data-place="entrada/titulo"]')
  await expect(title).toHaveAttribute('contenteditable', 'plaintext-only')
  await retype(title, `Publicable ${runId}`)
  await editMode.getByRole('button', { name: 'Guardar' }).click()
  await expect(editMode.getByRole('status').filter({ hasText: 'Sin cambios' })).toBeVisible()
  expect((await rest(page, 'GET', `blog_posts?id=eq.${id}&select=title,published`)).body).toEqual([
    { title: `Publicable ${runId}`, published: false },
  ])
  expect((await rest(page, 'GET', `content_revisions?table_name=eq.blog_posts&record_id=eq.${id}&select=id`)).body).toHaveLength(2)
  await page.keyboard.press('Escape')
  await expect(editMode).toBeHidden()
  expect((await fetchPublic(page, `/blog/${slug}`)).status).toBe(404)

  // Publishing is the form's: then visitors get the title written on the page.
  await page.getByRole('button', { name: `Editar «Publicable ${runId}»` }).click()
  await page.getByRole('switch', { name: 'Publicado' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect.poll(async () => (await fetchPublic(page, `/blog/${slug}`)).body, LIVE).toContain(`Publicable ${runId}`)
  await rest(page, 'DELETE', `blog_posts?id=eq.${id}`)
})

test('a page: its title and a heading block edited on the page are saved in its content, the other blocks untouched', async () => {
  const slug = `pagina-en-la-pagina-${runId}`
  const blocks = [
    { type: 'paragraph', text: 'Un párrafo con **Markdown**.' },
    { type: 'heading', text: 'Encabezado original', level: 2 },
  ]
  const created = await rest(page, 'POST', 'pages', { title: `Página ${runId}`, slug, content: blocks, published: true }, 'return=representation')
  const { id } = (created.body as { id: string }[])[0]!
  await openTab(page, 'Páginas')
  await page.getByRole('button', { name: `Editar en la página «Página ${runId}»` }).click()
  const editMode = page.getByRole('dialog', { name: `Editar en la página: Página ${runId}` })
  const inFrame = page.frameLocator(`iframe[title="Página ${runId} en modo edición"]`)
  // A paragraph is Markdown: the form edits it, not the page.
  await expect(inFrame.locator('p', { hasText: 'Un párrafo con' })).not.toHaveAttribute('contenteditable')
  await retype(inFrame.locator('[data-place="bloque-2/texto"]'), 'Encabezado nuevo')
  await retype(inFrame.locator('[data-place="pagina/titulo"]'), `Página nueva ${runId}`)
  await expect(editMode.getByRole('status').filter({ hasText: '2 textos cambiados' })).toBeVisible()
  await editMode.getByRole('button', { name: 'Guardar' }).click()
  await expect(editMode.getByRole('status').filter({ hasText: 'Sin cambios' })).toBeVisible()
  expect((await rest(page, 'GET', `pages?id=eq.${id}&select=title,content`)).body).toEqual([
    { title: `Página nueva ${runId}`, content: [blocks[0], { ...blocks[1], text: 'Encabezado nuevo' }] },
  ])
  await expect.poll(async () => (await fetchPublic(page, `/${slug}`)).body, LIVE).toContain('Encabezado nuevo')
  await page.keyboard.press('Escape')
  await expect(editMode).toBeHidden()
  await rest(page, 'DELETE', `pages?id=eq.${id}`)
})

test('a visitor gets the page edit mode never touched: no mark, no editing code, the same scripts', async () => {
  // Back to the file's texts: the visitor's page is then byte for byte what it was before edit mode was used.
  await rest(page, 'DELETE', `content_blocks?page=eq.${KEY}`)
  await expect.poll(async () => (await fetchPublic(page, PATH)).body, LIVE).toBe(before.html)
  const after = await visitorBytes(PATH)
  expect(after.scripts).toEqual(before.scripts)
  expect(after.scripts.length).toBeGreaterThan(0)
  for (const text of [after.html, ...after.scripts]) for (const trace of EDIT_MODE_TRACES) expect(text).not.toContain(trace)
})
