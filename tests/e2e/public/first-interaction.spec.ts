import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

/**
 * The first interaction with the desktop mega menu is never lost (src/islands/earlyInput.ts): the
 * menu hydrates on the first pointer or focus event, and on a slow connection React arrives seconds
 * later. A click, a tap or an Enter made meanwhile opens the menu once it is ready, exactly once;
 * a pointer resting on the trigger opens it as a hover does.
 */

/** Chrome's own network emulation: slow enough that loading the menu's React takes well over a second. */
async function throttle(page: Page) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 400, downloadThroughput: 40_000, uploadThroughput: 40_000 })
}

const island = (page: Page) => page.locator('[data-island="DesktopNav"]')
const trigger = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Soluciones' })
const panel = (page: Page) => page.getByText('Nuestras Soluciones')

/** Runs the first interaction before the island is ready and checks the menu ends up open, and stays so. */
async function opensOnFirstTry(page: Page, interact: () => Promise<void>) {
  await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'false'))
  await page.goto('/')
  await throttle(page)
  const startedAt = Date.now()
  await interact()
  // The interaction came before React: the island was not hydrated when it happened.
  await expect(island(page)).not.toHaveAttribute('data-hydrated', '')
  await expect(island(page)).toHaveAttribute('data-hydrated', '', { timeout: 20_000 })
  expect(Date.now() - startedAt).toBeGreaterThan(1000)
  await expect(panel(page)).toBeVisible()
  await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true')
  // Replayed once, not toggled twice.
  await page.waitForTimeout(500)
  await expect(trigger(page)).toHaveAttribute('aria-expanded', 'true')
}

test.describe('first interaction on a slow connection, 1440 px', () => {
  test.use({ viewport: { width: 1440, height: 900 } })

  test('one click opens the mega menu', async ({ page }) => {
    await opensOnFirstTry(page, () => trigger(page).click())
  })

  test('one Enter on the focused trigger opens the mega menu', async ({ page }) => {
    await opensOnFirstTry(page, async () => {
      await trigger(page).focus()
      await page.keyboard.press('Enter')
    })
  })

  test('a pointer resting on the trigger opens the mega menu once it is ready', async ({ page }) => {
    await opensOnFirstTry(page, () => trigger(page).hover())
  })
})

test.describe('first interaction on a slow connection, 1180 px touch screen', () => {
  test.use({ viewport: { width: 1180, height: 820 }, hasTouch: true })

  test('one tap opens the mega menu', async ({ page }) => {
    await opensOnFirstTry(page, () => trigger(page).tap())
  })
})

test.describe('first interaction before the page script, 390 px touch screen', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true })

  test('a tap on the mobile menu before the page script has arrived opens it once the script has', async ({ page }) => {
    // Hold every script the page fetches after its first paint (renderer/pageBootstrap.ts fetches them all then;
    // the HTML itself names none), so only the inline bootstrap runs before the tap.
    let arrive!: () => void
    const scriptsMayArrive = new Promise<void>((resolve) => (arrive = resolve))
    const late: string[] = []
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      late.push(new URL(route.request().url()).pathname)
      await scriptsMayArrive
      await route.continue()
    })
    await page.goto('/shopify')
    await expect.poll(() => late.length).toBeGreaterThan(0)
    const toggle = page.getByRole('button', { name: 'Abrir menú' })
    await toggle.tap()
    const menu = page.getByRole('navigation', { name: 'Menú móvil' })
    await expect(menu).toBeHidden()
    arrive()
    await expect(menu).toBeVisible()
    // Played back once, not toggled twice.
    await page.waitForTimeout(500)
    await expect(menu).toBeVisible()
  })
})
