import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { LIVE, expectAccessible, expectToast, fetchPublic, openTab, rest, runId, signedInStaffPage } from './helpers'

// No link broken: renaming a published post's slug leaves its old address answering 301 to the new one (one
// hop, query kept, however many renames), and a mistyped address that visitors ask for shows in the 404 log
// of Redirecciones, where «Crear redirección» fixes it.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
let page: Page
const title = `Renombrada ${runId}`
const first = `renombrada-${runId}`
const second = `renombrada-dos-${runId}`
const third = `renombrada-tres-${runId}`
const typo = `/blgo-${runId}`

test.beforeAll(async ({ browser }) => {
  // Signing in loads the whole admin: on a busy machine that alone can take most of the default 30 s.
  test.setTimeout(90_000)
  page = await signedInStaffPage(browser)
})
test.afterAll(async () => {
  await page.context().close()
})

const location = async (path: string) => {
  const response = await page.request.get(path, { maxRedirects: 0 })
  return { status: response.status(), location: response.headers()['location'] }
}

async function renameInBlogTab(from: string, to: string) {
  await openTab(page, 'Blog')
  await page.getByRole('button', { name: `Editar «${title}»` }).click()
  const field = page.getByLabel('Slug (URL)')
  await expect(field).toHaveValue(from)
  await field.fill(to)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
}

test('renaming a published post: its old address answers 301 to the new one, and after a second rename both lead there in one hop', async () => {
  const created = await rest(page, 'POST', 'blog_posts', { title, slug: first, content: 'Texto de la entrada.', published: true })
  expect(created.status).toBe(201)
  await expect.poll(async () => (await fetchPublic(page, `/blog/${first}`)).status, LIVE).toBe(200)

  await renameInBlogTab(first, second)
  await expect
    .poll(() => location(`/blog/${first}?utm_source=boletin`), LIVE)
    .toEqual({ status: 301, location: `/blog/${second}?utm_source=boletin` })

  // A visitor following the old link lands on the post.
  const visitor = await page.context().browser()!.newPage()
  await visitor.goto(`/blog/${first}`)
  await expect(visitor).toHaveURL(new RegExp(`/blog/${second}$`))
  await expect(visitor.getByRole('heading', { level: 1, name: title })).toBeVisible()
  await visitor.close()

  await renameInBlogTab(second, third)
  await expect.poll(() => location(`/blog/${first}`), LIVE).toEqual({ status: 301, location: `/blog/${third}` })
  expect(await location(`/blog/${second}/`)).toEqual({ status: 301, location: `/blog/${third}` })

  await openTab(page, 'Redirecciones')
  for (const from of [first, second]) {
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `/blog/${from}`, exact: true }) })
    await expect(card).toContainText(`/blog/${third}`)
    await expect(card).toContainText('Creada al cambiar un slug')
  }
})

test('a mistyped address is counted in the 404 log, and «Crear redirección» fixes it', async () => {
  for (let i = 0; i < 3; i++) expect((await fetchPublic(page, `${typo}?ref=${i}`)).status).toBe(404)

  await openTab(page, 'Redirecciones')
  const row = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: typo, exact: true }) })
  // The server adds its counts to the log every few seconds.
  await expect(async () => {
    await page.getByRole('button', { name: 'Actualizar' }).click()
    await expect(row).toContainText('3 visitas', { timeout: 1_000 })
  }).toPass({ timeout: 20_000 })
  await expect(row).toContainText(/última: \d{1,2} de [a-z]+ de \d{4}/)
  await expectAccessible(page, 'Redirecciones with the 404 log')
  await row.scrollIntoViewIfNeeded()
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 })
    await page.screenshot({ path: `.tmp/shots/redirecciones-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  await row.getByRole('button', { name: `Crear redirección desde ${typo}` }).click()
  await expect(page.getByLabel('Ruta antigua')).toHaveValue(typo)
  await page.getByLabel('Destino').fill('/blog')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Redirección guardada')
  await expect(page.getByRole('heading', { name: typo, exact: true })).toHaveCount(1)
  await expect(page.getByRole('list', { name: 'Rutas no encontradas' }).getByRole('heading', { name: typo })).toHaveCount(0)
  await expect.poll(() => location(typo), LIVE).toEqual({ status: 301, location: '/blog' })
})

test('a redirect from a route of the site is refused in Spanish, and nothing is saved', async () => {
  await page.getByRole('button', { name: 'Nueva redirección' }).click()
  await page.getByLabel('Ruta antigua').fill('/admin')
  await page.getByLabel('Destino').fill('/blog')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Error al guardar', 'La ruta /admin es del propio sitio: no se puede redirigir.')
  await expect(page.getByLabel('Ruta antigua')).toHaveValue('/admin')
  expect((await rest(page, 'GET', 'redirects?source=eq./admin&select=id')).body).toEqual([])
})
