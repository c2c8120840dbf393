import type { Page, Route } from '@playwright/test'
import { expect, test } from '../fixtures'
import { chooseOption, expectToast, openTab, rest, runId, signedInStaffPage } from './helpers'

// What the server sends late never replaces what staff are typing: a form opens only with its data, and an
// answer to an earlier click does not take over a form opened since.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000)
  page = await signedInStaffPage(browser)
})
test.afterAll(async () => {
  await page.context().close()
})

/** Holds every request to `pattern` until the returned function is called (a connection that answers late). */
async function hold(pattern: string): Promise<() => Promise<void>> {
  const held: Route[] = []
  let released = false
  await page.route(pattern, async (route) => {
    if (released) await route.continue()
    else held.push(route)
  })
  return async () => {
    released = true
    for (const route of held.splice(0)) await route.continue()
  }
}

test('a post whose tags answer after «Nueva Entrada» was clicked does not replace the new post being typed', async () => {
  const old = { title: `Tardía ${runId}`, slug: `tardia-${runId}`, content: 'Texto de la entrada tardía.', published: false }
  const created = await rest(page, 'POST', 'blog_posts', old, 'return=representation')
  expect(created.status).toBe(201)
  const oldId = (created.body as { id: string }[])[0]!.id
  await openTab(page, 'Blog')

  const release = await hold('**/rest/v1/blog_post_tags?*')
  await page.getByRole('button', { name: `Editar «${old.title}»` }).click()
  // Its form does not open before its tags are read…
  await expect(page.getByRole('heading', { name: 'Editar Entrada' })).toHaveCount(0)
  // …and staff, tired of waiting, start a new post instead.
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await expect(page.getByRole('heading', { name: 'Nueva Entrada' })).toBeVisible()
  const fresh = `Nueva mientras tanto ${runId}`
  await page.getByLabel('Título').fill(fresh)
  const answered = page.waitForResponse((response) => response.url().includes('/rest/v1/blog_post_tags?'))
  await release()
  await answered
  await page.getByRole('textbox', { name: 'Contenido', exact: true }).fill('Escrito después de la respuesta tardía.')
  await expect(page.getByRole('heading', { name: 'Nueva Entrada' })).toBeVisible()
  await expect(page.getByLabel('Título')).toHaveValue(fresh)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
  await page.unrouteAll()

  // The new post exists as typed, and the late one is as it was.
  const rows = (
    await rest(page, 'GET', `blog_posts?select=id,title,content&title=in.(%22${encodeURIComponent(fresh)}%22,%22${encodeURIComponent(old.title)}%22)`)
  ).body as { id: string; title: string; content: string }[]
  expect(rows).toHaveLength(2)
  expect(rows.find((r) => r.id === oldId)).toMatchObject({ title: old.title, content: old.content })
  expect(rows.find((r) => r.id !== oldId)).toMatchObject({ title: fresh, content: 'Escrito después de la respuesta tardía.' })
  for (const row of rows) await rest(page, 'DELETE', `blog_posts?id=eq.${row.id}`)
})

test("a page's SEO saved elsewhere while staff type: the save is refused, what they typed stays, and overwriting saves it as it is now", async () => {
  const path = '/desarrollo-apis'
  const row = `seo_metadata?page_path=eq.${encodeURIComponent(path)}`
  await rest(page, 'DELETE', row)
  expect((await rest(page, 'POST', 'seo_metadata', { page_path: path, meta_title: `Antes ${runId}` })).status).toBe(201)
  await openTab(page, 'SEO')
  await chooseOption(page, 'Página', path)
  const title = page.getByLabel('Meta título')
  await expect(title).toHaveValue(`Antes ${runId}`)
  await title.fill(`Mío ${runId}`)
  // Someone else saves the same page's SEO meanwhile.
  expect((await rest(page, 'PATCH', row, { meta_title: `Suyo ${runId}` })).status).toBe(204)

  await page.getByRole('button', { name: 'Guardar SEO' }).click()
  const notice = page.getByRole('alert').filter({ hasText: /Otra persona guardó cambios en esta ficha SEO a las \d{2}:\d{2}\./ })
  await expect(notice).toBeVisible()
  await expect(title).toHaveValue(`Mío ${runId}`)
  expect((await rest(page, 'GET', `${row}&select=meta_title`)).body).toEqual([{ meta_title: `Suyo ${runId}` }])

  // Typed on after the refusal: overwriting saves the form as it is now.
  await page.getByLabel('Palabras clave').fill('apis')
  await notice.getByRole('button', { name: 'Sobrescribir con mis cambios' }).click()
  await expectToast(page, 'SEO guardado')
  await expect(notice).toHaveCount(0)
  expect((await rest(page, 'GET', `${row}&select=meta_title,keywords`)).body).toEqual([{ meta_title: `Mío ${runId}`, keywords: 'apis' }])
  await expect(title).toHaveValue(`Mío ${runId}`)
  await expect(page.getByLabel('Palabras clave')).toHaveValue('apis')
  await rest(page, 'DELETE', row)
})
