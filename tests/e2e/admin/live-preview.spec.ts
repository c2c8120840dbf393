import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { LIVE, expectAccessible, fetchPublic, openTab, photograph, rest, runId, signedInStaffPage } from './helpers'

// The live preview beside Blog, Páginas and Textos (docs/decisions/0100-live-preview.md): what staff type is
// rendered by the site's own renderer into a frame beside the form, unsaved and unpublished; the preview
// endpoint renders nothing of a draft for anyone the database does not take for staff, and nothing of it is
// cached or served to visitors. How fast it follows typing is `npm run bench -- --preview`'s measure.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
})
test.afterAll(async () => {
  await page.context().close()
})

const FRAME = 'iframe[title="Vista previa de la página sin guardar"]'
/** The first preview of a screen waits for the server's first render (and the Markdown workers' start). */
const FIRST = { ...LIVE, timeout: 60_000 }
const content = () => page.getByRole('textbox', { name: 'Contenido', exact: true })

/** What the preview frame shows, read by the admin page itself (the frame runs no script of its own). */
function framed<T>(read: (doc: Document) => T): Promise<T> {
  return page.evaluate(
    ({ selector, source }) => {
      const doc = document.querySelector<HTMLIFrameElement>(selector)?.contentDocument
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the reader is the test's own code
      return doc?.body?.childElementCount ? (new Function('doc', `return (${source})(doc)`) as (d: Document) => T)(doc) : null
    },
    { selector: FRAME, source: read.toString() },
  ) as Promise<T>
}
const frameText = () => framed((doc) => doc.body.innerText)
const frameHeading = () => framed((doc) => doc.querySelector('h1')?.textContent?.trim() ?? '')

/** The preview answers, as the admin receives them. */
function previewAnswers(): { status: number; cacheControl: string; robots: string }[] {
  const seen: { status: number; cacheControl: string; robots: string }[] = []
  page.on('response', (r) => {
    if (new URL(r.url()).pathname === '/vista-previa/en-vivo')
      seen.push({ status: r.status(), cacheControl: r.headers()['cache-control'] ?? '', robots: r.headers()['x-robots-tag'] ?? '' })
  })
  return seen
}

test.describe('Blog', () => {
  const title = `Entrada en vista previa ${runId}`
  const secret = `Párrafo sin guardar ${runId}`

  test('typing shows in the preview, rendered by the site, and nothing is saved', async () => {
    const answers = previewAnswers()
    await openTab(page, 'Blog')
    await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    await page.getByLabel('Título').fill(title)
    await content().fill(`## Primera sección\n\n${secret}\n\n${'Relleno para desplazar la página. '.repeat(400)}\n\n## Final`)
    await expect.poll(frameHeading, FIRST).toBe(title)
    // The title may show first: the editor is fetched when the form opens, and the preview follows each pause.
    await expect.poll(frameText, LIVE).toContain(secret)
    // The site's own page: its header and its contact section, not a look-alike.
    expect(await framed((doc) => Boolean(doc.querySelector('header') && doc.getElementById('contacto')))).toBe(true)
    // The search snippet and the social card come from the head the site rendered.
    await expect(page.getByRole('heading', { name: 'Vista previa en Google' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Al compartir en redes' }).locator('../..')).toContainText(title)

    // Scrolled down, the preview stays where it is as it follows the typing.
    await framed((doc) => doc.defaultView!.scrollTo(0, 1500))
    await content().press('End')
    await content().pressSequentially(' Añadido')
    await expect.poll(() => framed((doc) => doc.body.innerText.includes('Final Añadido')), LIVE).toBe(true)
    expect(await framed((doc) => doc.defaultView!.scrollY)).toBe(1500)

    expect((await rest(page, 'GET', `blog_posts?select=id&title=eq.${encodeURIComponent(title)}`)).body).toEqual([])
    expect(answers.length).toBeGreaterThan(0)
    for (const answer of answers) expect(answer).toEqual({ status: 200, cacheControl: 'private, no-store', robots: 'noindex, nofollow' })
  })

  test('what the save would refuse shows on the preview in the save’s words', async () => {
    const { body } = await rest(page, 'GET', 'blog_posts?select=slug&limit=1')
    const taken = (body as { slug: string }[])[0]!.slug
    await page.getByLabel('Slug (URL)').fill(taken)
    await expect.poll(frameText, LIVE).toContain('Ya existe una entrada con ese slug. Elige otro slug: cada URL debe ser única.')
    await page.getByLabel('Título').fill('')
    await expect.poll(frameText, LIVE).toContain('El título y contenido son obligatorios')
    await page.getByLabel('Título').fill(title)
    await page.getByLabel('Slug (URL)').fill('')
    await expect.poll(frameText, LIVE).not.toContain('No se podría guardar así')
  })

  test('the width switches render the page at 390, 768 and 1440 px', async () => {
    for (const [name, width] of [
      ['Móvil (390 px)', 390],
      ['Tableta (768 px)', 768],
      ['Escritorio (1440 px)', 1440],
    ] as const) {
      await page.getByRole('button', { name }).click()
      await expect(page.getByRole('button', { name })).toHaveAttribute('aria-pressed', 'true')
      await expect.poll(() => framed((doc) => doc.documentElement.clientWidth)).toBe(width)
    }
    await expectAccessible(page, 'Blog (formulario con vista previa)')
    await photograph(page, 'live-preview-blog')
  })

  test('the draft is not reachable anonymously, by a forged token, nor from the cache', async () => {
    const { anonKey } = (await (await page.request.get('/backend.json')).json()) as { anonKey: string }
    const draft = { kind: 'post', title, slug: '', excerpt: '', content: secret, featuredImage: '', tagIds: [] }
    const body = JSON.stringify(draft)
    const forged = `eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.${Buffer.from(JSON.stringify({ role: 'authenticated', sub: 'x', exp: 4e9 })).toString('base64url')}.firma`
    const attempts = [
      page.request.post('/vista-previa/en-vivo', { headers: { 'content-type': 'application/json' }, data: body }),
      ...[anonKey, forged, 'no-es-un-token'].map((token) =>
        page.request.post('/vista-previa/en-vivo', { headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, data: body }),
      ),
      page.request.get('/vista-previa/en-vivo'),
    ]
    for (const response of await Promise.all(attempts)) {
      expect(response.status(), response.url()).toBe(404)
      const html = await response.text()
      expect(html).not.toContain(title)
      expect(html).not.toContain(secret)
    }
    // The unsaved post is nowhere on the site: not its own page, not the blog.
    expect((await fetchPublic(page, '/blog/entrada-en-vista-previa-' + runId)).status).toBe(404)
    expect((await fetchPublic(page, '/blog')).body).not.toContain(title)
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('button', { name: /Descartar|Salir sin guardar|Sí/ }).click()
  })
})

test.describe('Páginas', () => {
  const title = `Página en vista previa ${runId}`

  test('blocks typed in the JSON view show in the preview; an invalid block shows the save’s message', async () => {
    await openTab(page, 'Páginas')
    await page.getByRole('button', { name: 'Nueva Página' }).click()
    await page.getByLabel('Título').fill(title)
    await page.getByLabel('Slug (URL)').fill(`vista-previa-${runId}`)
    await page.getByRole('tab', { name: 'JSON (avanzado)' }).click()
    const json = page.getByLabel('Contenido (JSON)')
    await json.fill(
      JSON.stringify([
        { type: 'heading', text: `Bloque visible ${runId}` },
        { type: 'paragraph', text: '' },
      ]),
    )
    await expect.poll(frameText, FIRST).toContain(`Bloque visible ${runId}`)
    expect(await frameHeading()).toBe(title)
    expect(await frameText()).toMatch(/Bloque 2 \(.+\): el texto no puede estar vacío/)
    expect((await rest(page, 'GET', `pages?select=id&title=eq.${encodeURIComponent(title)}`)).body).toEqual([])
    await expectAccessible(page, 'Páginas (formulario con vista previa)')
    await photograph(page, 'live-preview-pages')
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('button', { name: /Descartar|Salir sin guardar|Sí/ }).click()
  })
})

test.describe('Textos', () => {
  const typed = `Titular que aún no se guarda ${runId}`

  test('clicking a marked text selects its place; typing shows highlighted in the preview and is not saved', async () => {
    await openTab(page, 'Textos')
    await expect.poll(() => framed((doc) => doc.querySelectorAll('[data-place]').length), FIRST).toBeGreaterThan(4)
    // A place with a replacement (the seed's hero title): its form opens.
    const stored = await rest(page, 'GET', 'content_blocks?select=content&page=eq.home&key=eq.hero-titulo')
    const before = (stored.body as { content: string }[])[0]!.content
    await page.evaluate((selector) => {
      document.querySelector<HTMLIFrameElement>(selector)!.contentDocument!.querySelector<HTMLElement>('[data-place="hero/hero-titulo"]')!.click()
    }, FRAME)
    const field = page.getByRole('textbox', { name: /Texto/ }).first()
    await expect(field).toHaveValue(before)
    await field.fill(typed)
    await expect.poll(() => framed((doc) => doc.querySelector('[data-place="hero/hero-titulo"]')?.textContent), LIVE).toBe(typed)
    // The edited place is the highlighted one.
    expect(await framed((doc) => getComputedStyle(doc.querySelector('[data-place="hero/hero-titulo"]')!).outlineStyle)).toBe('solid')
    await expectAccessible(page, 'Textos (con vista previa)')
    await photograph(page, 'live-preview-texts')
    expect((await rest(page, 'GET', 'content_blocks?select=content&page=eq.home&key=eq.hero-titulo')).body).toEqual([{ content: before }])
    expect((await fetchPublic(page, '/')).body).not.toContain(typed)
  })

  test('a free place clicked in the preview is the one offered for «Sustituir texto»', async () => {
    await page.getByRole('button', { name: 'Cancelar' }).click()
    await page.getByRole('button', { name: /Descartar|Salir sin guardar|Sí/ }).click()
    const free = await framed((doc) => {
      const replaced = ['hero/hero-titulo', 'hero/hero-subtitulo', 'servicios/servicios-intro', 'casos-exito/casos-exito-titulo']
      const el = [...doc.querySelectorAll<HTMLElement>('[data-place]')].find((e) => !replaced.includes(e.dataset.place!))!
      el.click()
      return el.dataset.place!.split('/')[1]!
    })
    await expect(page.getByLabel('Texto que quieres sustituir')).toHaveValue(free)
  })
})
