import { expect, test } from '../fixtures'
import type { Locator, Page } from '@playwright/test'
import { TOAST_DURATION_MS } from '#src/lib/toastLimits.ts'
import { demoStaff, openTab, signIn } from './helpers'

// The admin's notices (src/components/ui/ToastView.tsx) at a laptop's and a phone's size: where they sit must
// leave a form's Guardar and Cancelar free, and a notice closed by hand must not leave the later ones on screen.

type Box = { x: number; y: number; width: number; height: number }

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
}

/** The notice on screen: the notice area shows at most one. */
function notice(page: Page): Locator {
  return page.getByRole('region', { name: /Notifica/ }).getByRole('listitem')
}

/** A notice must leave by itself within its duration; the margin is for a loaded machine. */
const byItself = { timeout: TOAST_DURATION_MS + 5_000 }

/** Guardar on the empty form: it refuses with a notice («El título y contenido son obligatorios»). */
async function refusedSave(page: Page, form: Locator): Promise<void> {
  await form.getByRole('button', { name: 'Guardar', exact: true }).click()
  await expect(notice(page)).toContainText('El título y contenido son obligatorios')
}

/** The form's actions as the person reaching them sees them: scrolled into view at the end of the page. */
async function actionBoxes(page: Page, form: Locator): Promise<Box[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight))
  const boxes: Box[] = []
  for (const name of ['Guardar', 'Cancelar']) {
    const button = form.getByRole('button', { name, exact: true })
    await expect(button).toBeInViewport()
    const box = await button.boundingBox()
    expect(box, name).not.toBeNull()
    boxes.push(box as Box)
  }
  return boxes
}

async function expectClearOf(page: Page, actions: Box[], what: string): Promise<void> {
  const box = await notice(page).boundingBox({ timeout: 5_000 })
  expect(box, `${what}: a notice on screen`).not.toBeNull()
  for (const action of actions) expect(intersects(box as Box, action), `${what} ${JSON.stringify(box)} covers ${JSON.stringify(action)}`).toBe(false)
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`notices leave a long form's actions free and go away by themselves after one is closed, at ${size.width}×${size.height}`, async ({
    browser,
  }) => {
    test.setTimeout(120_000)
    const page = await (await browser.newContext({ viewport: size })).newPage()
    await signIn(page, demoStaff.email, demoStaff.password)
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 })
    await expect(notice(page)).toContainText('Sesión iniciada')
    // Nor over the header's account actions, once the panel has rendered its header.
    const signOut = page.getByRole('button', { name: 'Cerrar Sesión' })
    await expect(signOut).toBeVisible()
    await expect
      .poll(async () => {
        const [box, action] = [
          await notice(page)
            .boundingBox({ timeout: 500 })
            .catch(() => null),
          await signOut.boundingBox(),
        ]
        return box !== null && action !== null && intersects(box, action)
      })
      .toBe(false)

    await openTab(page, 'Blog')
    await page.getByRole('button', { name: 'Nueva Entrada' }).click()
    const form = page.getByRole('form', { name: 'Nueva Entrada' })
    await expect(form).toBeVisible()
    // «Sesión iniciada» may still be there (it stays 5 s): it must not sit over the actions either.
    const actionsNow = await actionBoxes(page, form)
    const signedInBox = await notice(page)
      .boundingBox({ timeout: 500 })
      .catch(() => null)
    if (signedInBox)
      for (const action of actionsNow) expect(intersects(signedInBox, action), `Sesión iniciada covers ${JSON.stringify(action)}`).toBe(false)

    // A notice shown while the pointer is on Guardar: moving over the actions must not hover it, so it goes.
    await refusedSave(page, form)
    const actions = await actionBoxes(page, form)
    await expectClearOf(page, actions, 'the refused save')
    for (const action of actions) await page.mouse.move(action.x + action.width / 2, action.y + action.height / 2, { steps: 4 })
    await expect(notice(page)).toHaveCount(0, byItself)

    // Closed with the pointer: the next notice still goes by itself.
    await refusedSave(page, form)
    await notice(page).getByRole('button', { name: 'Cerrar' }).click()
    await expect(notice(page)).toHaveCount(0)
    await refusedSave(page, form)
    await expect(notice(page)).toHaveCount(0, byItself)

    // Closed with the keyboard (F8 reaches the notices, Tab its Cerrar): the same, and focus comes back.
    await form.getByRole('button', { name: 'Guardar', exact: true }).focus()
    await page.keyboard.press('Enter')
    await expect(notice(page)).toContainText('El título y contenido son obligatorios')
    await page.keyboard.press('F8')
    const close = notice(page).getByRole('button', { name: 'Cerrar' })
    for (let i = 0; i < 3 && !(await close.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press('Tab')
    await expect(close).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(notice(page)).toHaveCount(0)
    await expect(form.getByRole('button', { name: 'Guardar', exact: true })).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(notice(page)).toContainText('El título y contenido son obligatorios')
    await expect(notice(page)).toHaveCount(0, byItself)

    // Nor in the way of the panel's tabs, below the header where a notice sits from the sm breakpoint: a tab under
    // it takes a pointer's click at once (the notice lets the pointer through), and the notice still goes by
    // itself. On a phone the notice sits over the header's heading and covers no tab. Measured in one step, while
    // the notice is surely there (it stays 5 s).
    await refusedSave(page, form)
    const covered = await page.evaluate(() => {
      window.scrollTo(0, 0)
      const shown = document.querySelector('[role="region"][aria-label^="Notifica"] li')?.getBoundingClientRect()
      if (!shown) return null
      return [...document.querySelectorAll<HTMLElement>('[role="tab"]')].flatMap((tab) => {
        const box = tab.getBoundingClientRect()
        const over = box.left < shown.right && shown.left < box.right && box.top < shown.bottom && shown.top < box.bottom
        return over ? [{ name: tab.innerText.trim(), x: box.x + box.width / 2, y: box.y + box.height / 2 }] : []
      })
    })
    expect(covered, 'a notice on screen').not.toBeNull()
    if (size.width < 640) expect(covered, 'tabs under a notice on a phone').toEqual([])
    for (const tab of covered ?? []) {
      await page.mouse.click(tab.x, tab.y)
      await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute('aria-selected', 'true', { timeout: 2_000 })
    }
    await expect(notice(page)).toHaveCount(0, byItself)
    await page.context().close()
  })
}
