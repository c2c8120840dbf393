import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { expectAccessible, expectToast, fetchPublic, openTab, rest, runId, signedInStaffPage } from './helpers'

// A post prepared today appears on its own at its time: "Programada para …" in the admin, absent from every
// public answer until then, and then on its page, /blog, the feed and the sitemap with nothing else written.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
let page: Page
const title = `Programada ${runId}`
const slug = `programada-${runId}`

test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  await openTab(page, 'Blog')
})
test.afterAll(async () => {
  await page.context().close()
})

/** Tomorrow at 9:00 in Madrid, as the date-time field takes it. */
function tomorrowAtNine(): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid' }).format(new Date(Date.now() + 24 * 3_600_000))
  return `${day}T09:00`
}

const publicAnswers = async () => ({
  post: (await fetchPublic(page, `/blog/${slug}`)).status,
  blog: (await fetchPublic(page, '/blog')).body.includes(title),
  feed: (await fetchPublic(page, '/blog/rss.xml')).body.includes(`/blog/${slug}`),
  sitemap: (await fetchPublic(page, '/sitemap.xml')).body.includes(`/blog/${slug}`),
})

test('staff schedule a post for tomorrow at 9:00: the list and the form say so, and the site does not show it', async () => {
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Título').fill(title)
  await page.getByLabel('Slug (URL)').fill(slug)
  await page.getByRole('textbox', { name: 'Contenido', exact: true }).fill('## Lunes\n\nPreparada hoy, publicada mañana.')
  await page.getByRole('switch', { name: 'Publicado' }).click()
  const when = page.getByLabel('Programar publicación (hora de Madrid)')
  await expect(page.getByText('Vacío: se publica al guardar.', { exact: false })).toBeVisible()
  await when.fill(tomorrowAtNine())
  await expect(page.getByText(/^Programada para el \d{1,2} de [a-z]+ de \d{4}, 9:00: hasta entonces no aparece en el sitio\.$/)).toBeVisible()

  // Years ahead is a typo: refused in Spanish before anything is sent.
  await when.fill(`${Number(tomorrowAtNine().slice(0, 4)) + 3}${tomorrowAtNine().slice(4)}`)
  await expect(
    page.getByRole('alert').filter({ hasText: 'La fecha de publicación no puede estar a más de un año vista: revisa el año.' }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Error', 'La fecha de publicación no puede estar a más de un año vista: revisa el año.')

  await when.fill(tomorrowAtNine())
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Post guardado', /Programada para el \d{1,2} de [a-z]+ de \d{4}, 9:00\./)

  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) })
  await expect(card).toContainText(/Programada para el \d{1,2} de [a-z]+ de \d{4}, 9:00/)
  // Not on the site yet, so no "Ver en el sitio".
  await expect(card.getByRole('link', { name: /Ver en el sitio/ })).toHaveCount(0)
  await expectAccessible(page, 'a scheduled post in the Blog list')
  await card.scrollIntoViewIfNeeded()
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width > 400 ? 900 : 844 })
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `.tmp/shots/programada-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 720 })

  expect(await publicAnswers()).toEqual({ post: 404, blog: false, feed: false, sitemap: false })

  await page.getByRole('button', { name: `Editar «${title}»` }).click()
  await expect(page.getByLabel('Programar publicación (hora de Madrid)')).toHaveValue(tomorrowAtNine())
  await page.getByRole('button', { name: 'Cancelar' }).click()
})

test('moved to a few seconds from now, it appears on its page, /blog, the feed and the sitemap by itself', async () => {
  const [post] = (await rest(page, 'GET', `blog_posts?slug=eq.${slug}&select=id`)).body as { id: string }[]
  const due = new Date(Date.now() + 8_000).toISOString()
  expect((await rest(page, 'PATCH', `blog_posts?id=eq.${post!.id}`, { published_at: due })).status).toBe(204)
  expect(await publicAnswers()).toEqual({ post: 404, blog: false, feed: false, sitemap: false })

  // Nothing is written from here on. Generous: the budget is 60 s, the aim about a second after `due`.
  await expect.poll(publicAnswers, { timeout: 60_000, intervals: [250] }).toEqual({ post: 200, blog: true, feed: true, sitemap: true })
})
