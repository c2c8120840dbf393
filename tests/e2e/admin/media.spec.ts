import { expect, test, type Page } from '@playwright/test'
import { photo } from '../../support/images.ts'
import { confirm, expectAccessible, expectToast, openTab, runId, signedInStaffPage } from './helpers'

// The Medios tab: staff choose and drop images (each with its progress and outcome), give one alt text,
// pick it as a post's cover from the post form, and the public post serves it as responsive variants.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
let page: Page

test.beforeAll(async ({ browser }) => {
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
  await expect(page.getByLabel('Imagen destacada (URL)')).toHaveValue(/\/storage\/v1\/object\/public\/media\/foto-[a-z0-9]+-nandu-[a-z0-9]+\.png$/)
  await page.getByRole('switch', { name: 'Publicado' }).click()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado')
})

test('the public post serves the picked image as <picture> with AVIF, WebP and PNG variants that decode', async () => {
  const visitor = await page
    .context()
    .browser()!
    .newPage({ viewport: { width: 1440, height: 900 } })
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

test('deleting an image asks first, naming the post that shows it, then removes it from the library', async () => {
  await openTab(page, 'Medios')
  await card()
    .getByRole('button', { name: /^Eliminar/ })
    .click()
  const warning = page.getByRole('alertdialog', { name: /¿Estás seguro de eliminar la imagen «foto-/ })
  await expect(warning).toContainText(`Se usa en la entrada «Portada biblioteca ${runId}»: allí dejará de verse.`)
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
