import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { LIVE, chooseOption, confirm, markToastsSeen, expectToast, fetchPublic, openTab, rest, runId, signedInStaffPage } from './helpers'

// «Historial» beside a menu item, a page's SEO and a replaced text place: the same dialog as for posts,
// and a restore that the public site serves like any save.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  // Signing in loads the whole admin: on a busy machine that alone can take most of the default 30 s.
  test.setTimeout(90_000)
  page = await signedInStaffPage(browser)
})
/** Undoes what a test added to the shared site (other specs of the run read the same header and titles). */
const leftovers: (() => Promise<unknown>)[] = []
test.afterAll(async () => {
  for (const undo of leftovers) await undo()
  await page.context().close()
})

async function screenshots(name: string) {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 })
    await page.screenshot({ path: `.tmp/shots/${name}-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}

/** Opens the record's Historial, restores the version before the newest, and closes the dialog. */
async function restorePrevious(title: string) {
  await page.getByRole('button', { name: `Historial de «${title}»` }).click()
  const dialog = page.getByRole('dialog', { name: `Historial de «${title}»` })
  await dialog.getByRole('list', { name: 'Versiones' }).getByRole('button').nth(1).click()
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click()
  await expect(dialog.getByRole('status', { name: 'Resultado de la restauración' })).toContainText('Versión restaurada')
  await dialog.getByRole('button', { name: 'Cerrar' }).click()
  await expect(dialog).toBeHidden()
}

test('a menu item renamed by mistake is restored from its Historial, and the header shows it again', async () => {
  const label = `Guía ${runId}`
  const wrong = `Error ${runId}`
  const id = crypto.randomUUID()
  expect((await rest(page, 'POST', 'menu_items', { id, label, path: '/blog', order_num: 90 })).status).toBe(201)
  // The header is shared by every spec of the run: the item goes once this test is done with it.
  leftovers.push(() => rest(page, 'DELETE', `menu_items?id=eq.${id}`))
  await openTab(page, 'Menú')
  await page.getByRole('button', { name: `Editar «${label}»` }).click()
  await page.getByLabel('Etiqueta').fill(wrong)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Guardado exitosamente')
  await expect.poll(async () => (await fetchPublic(page, '/')).body, LIVE).toContain(wrong)

  await page.getByRole('button', { name: `Historial de «${wrong}»` }).scrollIntoViewIfNeeded()
  await screenshots('historial-menu')
  await restorePrevious(wrong)
  await expect(page.getByRole('heading', { name: label, exact: true })).toBeVisible()
  await expect.poll(async () => (await fetchPublic(page, '/')).body, LIVE).toContain(label)
})

test("a page's SEO overwritten is restored from its Historial, and the page's title is the restored one", async () => {
  const good = `Aviso legal bueno ${runId}`
  const before = (await rest(page, 'GET', 'seo_metadata?page_path=eq./aviso-legal')).body as { id: number }[]
  // Other specs read /aviso-legal's title: its SEO row goes back to what it was (none, on a fresh data folder).
  leftovers.push(() =>
    before.length === 0
      ? rest(page, 'DELETE', 'seo_metadata?page_path=eq./aviso-legal')
      : rest(page, 'PATCH', `seo_metadata?id=eq.${before[0]!.id}`, before[0]),
  )
  await openTab(page, 'SEO')
  await chooseOption(page, 'Página', '/aviso-legal')
  const metaTitle = page.getByLabel('Meta título')
  for (const value of [good, `Pegado por error ${runId}`]) {
    await metaTitle.fill(value)
    await page.getByRole('button', { name: 'Guardar SEO' }).click()
    // Seen: the next «SEO guardado» awaited is the next save's, not this one's still on screen.
    await expectToast(page, 'SEO guardado')
    await markToastsSeen(page)
  }
  await screenshots('historial-seo')
  await restorePrevious('SEO de /aviso-legal')
  await expect(page.getByLabel('Meta título')).toHaveValue(good)
  await expect.poll(async () => (await fetchPublic(page, '/aviso-legal')).body, LIVE).toContain(`<title>${good}`)
})

test('Historial closed the moment it says «Versión restaurada», while it still reads its list again: the form shows the restored version', async () => {
  const path = '/privacidad'
  const good = `Privacidad buena ${runId}`
  const wrong = `Privacidad pegada por error ${runId}`
  const before = (await rest(page, 'GET', `seo_metadata?page_path=eq.${path}`)).body as { id: number }[]
  leftovers.push(() =>
    before.length === 0
      ? rest(page, 'DELETE', `seo_metadata?page_path=eq.${path}`)
      : rest(page, 'PATCH', `seo_metadata?id=eq.${before[0]!.id}`, before[0]),
  )
  await openTab(page, 'SEO')
  await chooseOption(page, 'Página', path)
  const metaTitle = page.getByLabel('Meta título')
  for (const value of [good, wrong]) {
    await metaTitle.fill(value)
    await page.getByRole('button', { name: 'Guardar SEO' }).click()
    await expectToast(page, 'SEO guardado')
    await markToastsSeen(page)
  }
  const title = `SEO de ${path}`
  await page.getByRole('button', { name: `Historial de «${title}»` }).click()
  const dialog = page.getByRole('dialog', { name: `Historial de «${title}»` })
  await dialog.getByRole('list', { name: 'Versiones' }).getByRole('button').nth(1).click()
  // On a slow connection the dialog's own reading of the versions after the restore comes late.
  await page.route('**/rest/v1/content_revisions?*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3000))
    await route.continue().catch(() => {})
  })
  await dialog.getByRole('button', { name: 'Restaurar esta versión' }).click()
  await expect(dialog.getByRole('status', { name: 'Resultado de la restauración' })).toContainText('Versión restaurada')
  await dialog.getByRole('button', { name: 'Cerrar' }).click()
  await expect(dialog).toBeHidden()
  await expect(metaTitle).toHaveValue(good)
  await page.unrouteAll({ behavior: 'ignoreErrors' })
  expect(((await rest(page, 'GET', `seo_metadata?select=meta_title&page_path=eq.${path}`)).body as { meta_title: string }[])[0]).toEqual({
    meta_title: good,
  })
})

test('a replaced text overwritten is restored from its Historial, and the home page shows it again', async () => {
  await openTab(page, 'Textos')
  const free = page.getByLabel('Texto que quieres sustituir')
  const option = (await free.locator('option').nth(1).textContent())!
  await free.selectOption({ label: option })
  await page.getByRole('button', { name: 'Sustituir texto' }).click()
  await expectToast(page, 'Sustituido')
  // The place's card names it «label (section)»; the choice listed it «label · section».
  const name = `${option.replace(' · ', ' (')})`
  const good = `Texto bueno ${runId}`
  for (const text of [good, `Texto pegado por error ${runId}`]) {
    const form = page.getByRole('form', { name: /^Editar texto «/ })
    await form.getByLabel('Texto').fill(text)
    await form.getByRole('button', { name: 'Guardar' }).click()
    await expectToast(page, 'Guardado')
    await markToastsSeen(page)
    if (text === good) await page.getByRole('button', { name: `Editar «${name}»` }).click()
  }
  await restorePrevious(name)
  const card = page.getByRole('list', { name: 'Textos editables' }).getByRole('listitem').filter({ hasText: good })
  await expect(card).toBeVisible()
  await expect.poll(async () => (await fetchPublic(page, '/')).body, LIVE).toContain(good)

  await card.getByRole('button', { name: /^Restaurar el original/ }).click()
  await confirm(page, '¿Volver al texto original de la página?', 'Eliminar')
  await expect(card).toHaveCount(0)
})
