import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { demoStaff, expectToast, fetchPublic, openTab, rest, runId, signedInStaffPage } from './helpers'

// A post's body pasted over by mistake comes back: Historial lists the revisions the database kept, compares
// one with the current version, and restores it as a new save the public site serves.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
let page: Page
const title = `Historial ${runId}`
const slug = `historial-${runId}`
const content = () => page.getByRole('textbox', { name: 'Contenido', exact: true })

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  const created = await rest(page, 'POST', 'blog_posts', {
    title,
    slug,
    content: '## Guía\n\nEl texto bueno que escribimos.\n\nOtro párrafo.',
    published: true,
  })
  expect(created.status).toBe(201)
  await openTab(page, 'Blog')
})
test.afterAll(async () => {
  await page.context().close()
})

test('overwrite a post, compare the old version in Historial and restore it: the site serves it again', async () => {
  await page.getByRole('button', { name: `Editar «${title}»` }).click()
  await content().fill('Texto pegado por error.')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
  await expect.poll(async () => (await fetchPublic(page, `/blog/${slug}`)).body, { timeout: 10_000 }).toContain('Texto pegado por error.')

  await page.getByRole('button', { name: `Historial de «${title}»` }).click()
  const dialog = page.getByRole('dialog', { name: `Historial de «${title}»` })
  const versions = dialog.getByRole('list', { name: 'Versiones' }).getByRole('button')
  await expect(versions).toHaveCount(2)
  await expect(versions.first()).toContainText(`Cambio · ${demoStaff.email} · la más reciente`)
  await versions.nth(1).click()
  const comparison = dialog.getByRole('region', { name: 'Comparación con la versión actual' })
  await expect(comparison).toContainText('Campos distintos: Contenido')
  await expect(comparison.locator('del')).toContainText('El texto bueno que escribimos.')
  await expect(comparison.locator('ins')).toContainText('Texto pegado por error.')

  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 })
    await page.screenshot({ path: `.tmp/shots/historial-${width}.png`, fullPage: false })
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  await comparison.getByRole('button', { name: 'Restaurar esta versión' }).click()
  await expect(dialog.getByRole('status', { name: 'Resultado de la restauración' })).toContainText('Versión restaurada')
  // Restoring is itself a revision, and the restored version equals the current one.
  await expect(versions).toHaveCount(3)
  await expect(dialog.getByText('Igual que la versión actual.')).toBeVisible()
  await expect.poll(async () => (await fetchPublic(page, `/blog/${slug}`)).body, { timeout: 10_000 }).toContain('El texto bueno que escribimos.')
  const stored = await rest(page, 'GET', `blog_posts?slug=eq.${slug}&select=content,published`)
  expect(stored.body).toEqual([{ content: '## Guía\n\nEl texto bueno que escribimos.\n\nOtro párrafo.', published: true }])
  await dialog.getByRole('button', { name: 'Cerrar' }).click()
  await expect(dialog).toBeHidden()
})

test('restoring a version whose slug another post took since is refused in Spanish, nothing changes', async () => {
  const renamed = `${slug}-nuevo`
  const post = (await rest(page, 'GET', `blog_posts?slug=eq.${slug}&select=id`)).body as { id: string }[]
  expect((await rest(page, 'PATCH', `blog_posts?id=eq.${post[0]!.id}`, { slug: renamed })).status).toBe(204)
  expect((await rest(page, 'POST', 'blog_posts', { title: 'Ocupa el slug', slug, content: 'x' })).status).toBe(201)
  await page.reload()
  await openTab(page, 'Blog')
  await page.getByRole('button', { name: `Historial de «${title}»` }).click()
  const dialog = page.getByRole('dialog', { name: `Historial de «${title}»` })
  await dialog.getByRole('list', { name: 'Versiones' }).getByRole('button').nth(1).click()
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click()
  const notice = dialog.getByRole('status', { name: 'Resultado de la restauración' })
  await expect(notice).toContainText('No se pudo restaurar')
  await expect(notice).toContainText('Ya existe otra entrada con ese slug. Elige otro slug: cada URL debe ser única.')
  expect((await rest(page, 'GET', `blog_posts?id=eq.${post[0]!.id}&select=slug`)).body).toEqual([{ slug: renamed }])
})
