import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { expectToast, fetchPublic, markToastsSeen, openTab, rest, runId, signedInStaffPage } from './helpers'

// Two members of staff edit the same post: the later save is refused by the save itself (its precondition on
// the version opened), with when the other save happened, and the choice to see it or overwrite it knowingly.
test.describe.configure({ mode: 'serial', timeout: 90_000 })
let first: Page
let second: Page
const title = `Conflicto ${runId}`
const slug = `conflicto-${runId}`
const content = (page: Page) => page.getByRole('textbox', { name: 'Contenido', exact: true })
const madridClock = /Otra persona guardó cambios en esta entrada a las \d{2}:\d{2}\./

test.beforeAll(async ({ browser }) => {
  first = await signedInStaffPage(browser)
  second = await signedInStaffPage(browser)
  const created = await rest(first, 'POST', 'blog_posts', { title, slug, content: 'Texto original.', published: true })
  expect(created.status).toBe(201)
  for (const page of [first, second]) await openTab(page, 'Blog')
})
test.afterAll(async () => {
  await first.context().close()
  await second.context().close()
})

async function openPost(page: Page) {
  await page.getByRole('button', { name: `Editar «${title}»` }).click()
  await expect(content(page)).toBeVisible()
}

/** Both have the post open: `winner` saves `saved`, then `loser` saves `refused` and is shown the conflict notice. */
async function savedThenRefused(winner: Page, saved: string, loser: Page, refused: string) {
  await content(winner).fill(saved)
  await winner.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(winner, 'Post guardado')

  await content(loser).fill(refused)
  await loser.getByRole('button', { name: 'Guardar' }).click()
  const notice = loser.getByRole('alert').filter({ hasText: madridClock })
  await expect(notice).toBeVisible()
  return notice
}

test('the second save is refused with the time of the first, and nothing of it is written', async () => {
  await openPost(first)
  await openPost(second)
  const notice = await savedThenRefused(first, 'Texto de la primera persona.', second, 'Texto de la segunda persona.')
  // The draft is still there, as typed.
  await expect(content(second)).toHaveText('Texto de la segunda persona.')
  const stored = await rest(second, 'GET', `blog_posts?slug=eq.${slug}&select=content`)
  expect(stored.body).toEqual([{ content: 'Texto de la primera persona.' }])

  // "Ver su versión" opens what the first person saved.
  await notice.getByRole('button', { name: 'Ver su versión' }).click()
  await expect(content(second)).toHaveText('Texto de la primera persona.')
  await expect(second.getByRole('alert').filter({ hasText: madridClock })).toHaveCount(0)
})

test('overwriting knowingly saves the draft over the other version, and the site serves it', async () => {
  // The first person's form is closed; the second saves from the version they now see.
  await content(second).fill('Texto de la segunda, sobre la primera.')
  await openPost(first)
  await content(first).fill('Texto que llega tarde.')
  await second.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(second, 'Post guardado')

  await first.getByRole('button', { name: 'Guardar' }).click()
  const notice = first.getByRole('alert').filter({ hasText: madridClock })
  await notice.getByRole('button', { name: 'Sobrescribir con mis cambios' }).click()
  await expectToast(first, 'Post guardado')
  await expect.poll(async () => (await fetchPublic(first, `/blog/${slug}`)).body, { timeout: 10_000 }).toContain('Texto que llega tarde.')
})

test('what is typed after the refusal is saved too by «Sobrescribir con mis cambios»', async () => {
  // The second person's list still shows the version before the first person's overwrite.
  await second.reload()
  await openTab(second, 'Blog')
  await openPost(second)
  await openPost(first)
  const notice = await savedThenRefused(second, 'La segunda guarda antes.', first, 'La primera, rechazada.')
  await content(first).fill('La primera, escrita después del aviso.')
  await markToastsSeen(first)
  await notice.getByRole('button', { name: 'Sobrescribir con mis cambios' }).click()
  await expectToast(first, 'Post guardado')
  const stored = await rest(first, 'GET', `blog_posts?slug=eq.${slug}&select=content`)
  expect(stored.body).toEqual([{ content: 'La primera, escrita después del aviso.' }])
})

test('deleting a post someone saved since the list was loaded asks again, and Cancelar keeps it', async () => {
  // The second person's list shows the post as it was before the first person's overwrite.
  await second.reload()
  await openTab(second, 'Blog')
  await openPost(first)
  await content(first).fill('Cambiado mientras otra persona lo borraba.')
  // The previous test's «Post guardado» may still be on screen: the one awaited is this save's.
  await markToastsSeen(first)
  await first.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(first, 'Post guardado')

  await second.getByRole('button', { name: `Eliminar «${title}»` }).click()
  await second.getByRole('alertdialog').getByRole('button', { name: 'Eliminar' }).click()
  const again = second.getByRole('alertdialog').filter({ hasText: madridClock })
  await expect(again).toBeVisible()
  await again.getByRole('button', { name: 'Cancelar' }).click()
  const stored = await rest(second, 'GET', `blog_posts?slug=eq.${slug}&select=content`)
  expect(stored.body).toEqual([{ content: 'Cambiado mientras otra persona lo borraba.' }])
})
