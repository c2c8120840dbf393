import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { photo } from '../../support/images.ts'
import { confirm, expectAccessible, expectToast, openTab, runId, signedInStaffPage } from './helpers'

// The Medios tab: staff choose and drop images (each with its progress and outcome), give one alt text,
// pick it as a post's cover from the post form, and the public post serves it as responsive variants.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
  test.setTimeout(120_000) // signing in hashes a password: slow on a busy machine
  page = await signedInStaffPage(browser)
  await openTab(page, 'Medios')
})
test.afterAll(async () => {
  await page.context().close()
})

const pngName = `Foto ${runId} Ñandú.png`
const pngObject = new RegExp(`foto-${runId}-nandu-[a-z0-9]+\\.png`)
const card = () => page.getByRole('list', { name: 'Imágenes' }).getByRole('listitem').filter({ hasText: pngObject })
const slug = `portada-biblioteca-${runId}`
// Stored as the object's path, with no origin, so it works on any host.
const libraryPath = /^\/storage\/v1\/object\/public\/media\/foto-[a-z0-9]+-nandu-[a-z0-9]+\.png$/
const pageTitle = `Galeria ${runId}`
const pageSlug = `galeria-${runId}`

async function publishAndSave(publishedSwitch: string, savedToast: string) {
  await page.getByRole('switch', { name: publishedSwitch }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, savedToast)
}

const visitorPage = () =>
  page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1440, height: 900 } })

test('choose a PNG, drop a JPEG and a script named .png: two upload, the script is refused in Spanish', async () => {
  await page.getByLabel('Elegir archivos').setInputFiles({ name: pngName, mimeType: 'image/png', buffer: await photo(1200, 800, 'png') })
  const jpeg = (await photo(900, 600)).toString('base64')
  const drop = await page.evaluateHandle(
    ({ jpeg, runId }) => {
      const bytes = Uint8Array.from(atob(jpeg), (c) => c.charCodeAt(0))
      const data = new DataTransfer()
      data.items.add(new File([bytes], `arrastrada-${runId}.jpg`, { type: 'image/jpeg' }))
      data.items.add(new File(['<script>alert(1)</script>'], `falsa-${runId}.png`, { type: 'image/png' }))
      return data
    },
    { jpeg, runId },
  )
  await page.getByTestId('media-dropzone').dispatchEvent('drop', { dataTransfer: drop })

  const uploads = page.getByRole('list', { name: 'Subidas' })
  await expect(uploads.getByRole('listitem').filter({ hasText: pngName }).getByRole('status')).toHaveText('Subida', { timeout: 30_000 })
  await expect(
    uploads
      .getByRole('listitem')
      .filter({ hasText: `arrastrada-${runId}.jpg` })
      .getByRole('status'),
  ).toHaveText('Subida', { timeout: 30_000 })
  const refused = uploads.getByRole('listitem').filter({ hasText: `falsa-${runId}.png` })
  await expect(refused).toContainText('El contenido no es una imagen JPEG, PNG, WebP, AVIF o GIF.')

  await expect(card()).toContainText('Sin texto alternativo: no se puede usar en el contenido.')
  await page.getByLabel('Buscar por nombre').fill(`arrastrada-${runId}`)
  await expect(page.getByRole('list', { name: 'Imágenes' }).getByRole('listitem')).toHaveCount(1)
  await page.getByLabel('Buscar por nombre').fill(runId)
  await expect(page.getByRole('list', { name: 'Imágenes' }).getByRole('listitem')).toHaveCount(2)
  await expectAccessible(page, 'Medios')
  await page.setViewportSize({ width: 1440, height: 900 })
  await page.screenshot({ path: 'test-results/medios-1440.png', fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: 'test-results/medios-390.png', fullPage: true })
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('an image copied to the clipboard and pasted with Ctrl+V uploads like a chosen one', async () => {
  // The system clipboard of this Chromium: the image is written to it, then pasted with the keyboard.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const png = (await photo(800, 500, 'png')).toString('base64')
  await page.evaluate(async (png) => {
    const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0))
    await navigator.clipboard.write([new ClipboardItem({ 'image/png': new Blob([bytes], { type: 'image/png' }) })])
  }, png)
  await page.getByRole('heading', { name: 'Medios' }).click()
  await page.keyboard.press('Control+V')
  const pasted = page
    .getByRole('list', { name: 'Subidas' })
    .getByRole('listitem')
    .filter({ hasText: /^pegada-\d{4}-\d{2}-\d{2}\.png/ })
  await expect(pasted.getByRole('status')).toHaveText('Subida', { timeout: 30_000 })
  await page.getByLabel('Buscar por nombre').fill('pegada-')
  await expect(page.getByRole('list', { name: 'Imágenes' }).getByRole('listitem').first()).toContainText(/pegada-\d{4}-\d{2}-\d{2}-[a-z0-9]+\.png/)
  await page.getByLabel('Buscar por nombre').fill(runId)
})

test('alt text is saved, and the image is picked as a post cover from «Elegir de la biblioteca»', async () => {
  await card().getByLabel('Texto alternativo').fill('Un ñandú en la Albufera')
  await card().getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Texto alternativo guardado')
  await expect(card()).not.toContainText('Sin texto alternativo')

  await openTab(page, 'Blog')
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Título').fill(`Portada biblioteca ${runId}`)
  await page.getByRole('textbox', { name: 'Contenido', exact: true }).fill('Texto con portada.')
  await page.getByRole('button', { name: 'Elegir de la biblioteca' }).click()
  const dialog = page.getByRole('dialog', { name: 'Elegir de la biblioteca' })
  await dialog.getByLabel('Buscar por nombre').fill(runId)
  // The dropped JPEG has no alt text yet: listed, not choosable.
  await expect(dialog.getByRole('button', { name: /Sin texto alternativo/ })).toBeDisabled()
  await expectAccessible(page, 'Elegir de la biblioteca')
  await page.screenshot({ path: 'test-results/picker-1280.png' })
  await dialog.getByRole('button', { name: /Un ñandú en la Albufera/ }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByLabel('Imagen destacada (URL)')).toHaveValue(libraryPath)
  await publishAndSave('Publicado', 'Post guardado')
})

test('the public post serves the picked image as <picture> with AVIF, WebP and PNG variants that decode', async () => {
  const visitor = await visitorPage()
  await visitor.goto(`/blog/${slug}`)
  const picture = visitor.locator('main article picture').first()
  await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute('srcset', /\/_img\/cover\/480\.avif\/media\/foto-.+\.png 480w/)
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/_img\/cover\/1600\.webp\/media\//)
  const img = picture.locator('img')
  await expect(img).toHaveAttribute('srcset', /\/_img\/cover\/800\.png\/media\//)
  const decoded = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode()
    return { current: el.currentSrc, width: el.naturalWidth }
  })
  expect(decoded.current).toMatch(/\/_img\/cover\/\d+\.avif\/media\//)
  expect(decoded.width).toBeGreaterThan(0)
  await visitor.screenshot({ path: 'test-results/post-library-cover-1440.png' })
  await visitor.setViewportSize({ width: 390, height: 844 })
  await visitor.reload()
  await visitor.screenshot({ path: 'test-results/post-library-cover-390.png' })
  await visitor.close()
})

test('in a page image block, «Subir» uploads a photo and asks its alt text first; the library fills URL and alt', async () => {
  await openTab(page, 'Páginas')
  await page.getByRole('button', { name: 'Nueva Página' }).click()
  await page.getByLabel('Título', { exact: true }).fill(pageTitle)
  await page.getByLabel('Slug (URL)').fill(pageSlug)
  await page.getByLabel('Tipo de bloque').selectOption({ label: 'Imagen' })
  await page.getByRole('button', { name: 'Añadir bloque' }).click()
  const block = page.getByRole('list', { name: 'Bloques de la página' }).getByRole('listitem', { name: 'Bloque 1: Imagen', exact: true })

  await block.getByLabel('Subir imagen').setInputFiles({ name: `Subida ${runId}.jpg`, mimeType: 'image/jpeg', buffer: await photo(1600, 900) })
  const altDialog = page.getByRole('dialog', { name: 'Texto alternativo' })
  await altDialog.getByRole('button', { name: 'Usar imagen' }).click({ timeout: 30_000 })
  await expect(altDialog).toContainText('Escribe el texto alternativo: describe la imagen para quien no la ve.')
  await altDialog.getByLabel('Texto alternativo').fill('Naranjos en flor')
  await altDialog.getByRole('button', { name: 'Usar imagen' }).click()
  await expect(altDialog).toBeHidden()
  await expect(block.getByLabel('URL de la imagen')).toHaveValue(/^\/storage\/v1\/object\/public\/media\/subida-[a-z0-9]+-[a-z0-9]+\.jpg$/)
  await expect(block.getByLabel('Texto alternativo')).toHaveValue('Naranjos en flor')
  await block.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/page-image-block-1440.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await block.scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/page-image-block-390.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  await block.getByRole('button', { name: 'Elegir de la biblioteca' }).click()
  const picker = page.getByRole('dialog', { name: 'Elegir de la biblioteca' })
  await picker.getByLabel('Buscar por nombre').fill(`foto-${runId}`)
  await picker.getByRole('button', { name: /Un ñandú en la Albufera/ }).click()
  await expect(block.getByLabel('URL de la imagen')).toHaveValue(libraryPath)
  await expect(block.getByLabel('Texto alternativo')).toHaveValue('Un ñandú en la Albufera')
  await publishAndSave('Publicada', 'Página guardada')
})

test('the public page serves the block image as <picture> variants with its alt text', async () => {
  const visitor = await visitorPage()
  await visitor.goto(`/${pageSlug}`)
  const picture = visitor.locator('main picture').first()
  await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', /\/_img\/inset\/800\.webp\/media\/foto-.+\.png 800w/)
  const img = picture.locator('img')
  await expect(img).toHaveAttribute('alt', 'Un ñandú en la Albufera')
  const width = await img.evaluate(async (el: HTMLImageElement) => {
    await el.decode()
    return el.naturalWidth
  })
  expect(width).toBeGreaterThan(0)
  await visitor.close()
})

test('each image lists the posts that use it, as links to their form', async () => {
  await openTab(page, 'Medios')
  const usedIn = card().getByRole('list', { name: 'Se usa en' })
  await expect(usedIn.getByRole('link')).toHaveText([`Página: ${pageTitle}`, `Entrada: Portada biblioteca ${runId}`])
  await expect(usedIn.getByRole('link', { name: /^Entrada/ })).toHaveAttribute('href', /^\/admin\?post=[0-9a-f-]{36}$/)
  await expect(usedIn.getByRole('link', { name: /^Página/ })).toHaveAttribute('href', /^\/admin\?page=[0-9a-f-]{36}$/)
  await expect(
    page
      .getByRole('list', { name: 'Imágenes' })
      .getByRole('listitem')
      .filter({ hasText: `arrastrada-${runId}` }),
  ).toContainText('No se usa en ninguna entrada ni página.')
  await card().scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/medios-uses-1440.png' })
  await page.setViewportSize({ width: 390, height: 844 })
  await card().scrollIntoViewIfNeeded()
  await page.screenshot({ path: 'test-results/medios-uses-390.png' })
  await page.setViewportSize({ width: 1280, height: 800 })
  await usedIn.getByRole('link', { name: /^Entrada/ }).click()
  await expect(page.getByRole('tab', { name: 'Blog' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('Título')).toHaveValue(`Portada biblioteca ${runId}`)
})

test('deleting an image asks first, naming the post that shows it, then removes it from the library', async () => {
  await openTab(page, 'Medios')
  await card()
    .getByRole('button', { name: /^Eliminar/ })
    .click()
  const warning = page.getByRole('alertdialog', { name: /¿Estás seguro de eliminar la imagen «foto-/ })
  await expect(warning).toContainText(`Se usa en la página «${pageTitle}», la entrada «Portada biblioteca ${runId}»: allí dejará de verse.`)
  await warning.getByRole('button', { name: 'Cancelar' }).click()
  await expect(card()).toHaveCount(1)
  const dropped = page
    .getByRole('list', { name: 'Imágenes' })
    .getByRole('listitem')
    .filter({ hasText: `arrastrada-${runId}` })
  const name = (await dropped.locator('p').first().textContent())!
  await dropped.getByRole('button', { name: /^Eliminar/ }).click()
  await confirm(page, `¿Estás seguro de eliminar la imagen «${name}»?`, 'Eliminar')
  await expectToast(page, 'Imagen eliminada')
  await expect(dropped).toHaveCount(0)
})
