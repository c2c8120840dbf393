import type { Locator, Page } from '@playwright/test'
import { expect, test } from '../fixtures'

/**
 * Keyboard-only use of the public site (WCAG 2.1.1, 2.4.1, 2.4.3; APG disclosure navigation and
 * accordion patterns): everything below is done with keys, never with the mouse.
 */

const focusedName = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement
    return el ? (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() : ''
  })
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)

/** One press: a key pressed before an island is ready is replayed once it is (src/islands/earlyInput.ts). */
async function pressToExpand(button: Locator, key: string) {
  await button.focus()
  await button.press(key)
  await expect(button).toHaveAttribute('aria-expanded', 'true')
}

test.describe('keyboard', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'false'))
  })

  test('a skip link is the first stop and moves focus to the main content', async ({ page }) => {
    await page.goto('/shopify')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Saltar al contenido principal' })
    expect(await isFocused(skip)).toBe(true)
    await expect(skip).toBeInViewport()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/#main$/)
    expect(await isFocused(page.locator('main#main'))).toBe(true)
  })

  for (const key of ['Enter', ' ']) {
    test(`the mega menu opens with ${key === ' ' ? 'Space' : key}, Tab walks its links, Escape closes it and returns focus`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 })
      await page.goto('/')
      const nav = page.getByRole('navigation', { name: 'Main' })
      const trigger = nav.getByRole('button', { name: 'Soluciones' })
      await pressToExpand(trigger, key)
      await expect(page.getByText('Nuestras Soluciones')).toBeVisible()

      const links = await nav.getByRole('link').filter({ visible: true }).count()
      const visited: string[] = []
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press('Tab')
        visited.push(await focusedName(page))
      }
      // Tab goes from the trigger into the panel, through its links in order.
      expect(visited[0]).toMatch(/^Shopify/)
      expect(visited.every((name) => name.length > 0)).toBe(true)
      expect(new Set(visited).size).toBe(visited.length)
      expect(links).toBeGreaterThan(10)
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('nav[aria-label="Main"]')))).toBe(true)

      await page.keyboard.press('Escape')
      await expect(trigger).toHaveAttribute('aria-expanded', 'false')
      await expect(page.getByText('Nuestras Soluciones')).toBeHidden()
      expect(await isFocused(trigger)).toBe(true)
    })
  }

  test('the mobile menu and its accordions work with the keyboard and expose aria-expanded', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    // Its name turns from "Abrir menú" into "Cerrar menú" once open.
    const toggle = page.getByRole('button', { name: /^(Abrir|Cerrar) menú$/ })
    await pressToExpand(toggle, 'Enter')
    const menu = page.getByRole('navigation', { name: 'Menú móvil' })
    await expect(menu).toBeVisible()

    const accordionButtons = menu.locator('button[aria-expanded]')
    expect(await accordionButtons.count()).toBeGreaterThanOrEqual(1)
    const soluciones = menu.getByRole('button', { name: 'Soluciones' })
    await expect(soluciones).toHaveAttribute('aria-expanded', 'false')
    await expect(soluciones).toHaveAttribute('aria-controls', /.+/)
    await soluciones.focus()
    await page.keyboard.press('Enter')
    await expect(soluciones).toHaveAttribute('aria-expanded', 'true')

    // Every category is a button that says whether it is open, and opens with Space.
    const categories = ['Ecommerce', 'Desarrollo a medida', 'Automatización & IA', 'Consultoría']
    for (const name of categories) await expect(menu.getByRole('button', { name })).toHaveAttribute('aria-expanded', 'false')
    await page.keyboard.press('Tab')
    expect(await focusedName(page)).toBe('Ecommerce')
    await page.keyboard.press(' ')
    await expect(menu.getByRole('button', { name: 'Ecommerce' })).toHaveAttribute('aria-expanded', 'true')
    await page.keyboard.press('Tab')
    expect(await focusedName(page)).toMatch(/Shopify/)
    await page.keyboard.press('Escape')
    await expect(menu).toBeHidden()
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })

  test('the cookie banner buttons are reachable with the keyboard and named', async ({ page }) => {
    await page.addInitScript(() => localStorage.removeItem('cookiesAccepted'))
    await page.goto('/')
    const banner = page.getByRole('region', { name: 'Cookies del calendario de reservas' })
    await expect(banner).toBeVisible()
    for (const name of ['Aceptar', 'Rechazar', 'Cerrar']) await expect(banner.getByRole('button', { name, exact: true })).toBeVisible()

    // The banner comes last in the page: Shift+Tab from the top reaches all its buttons.
    const reached = new Set<string>()
    await page.locator('body').focus()
    for (let i = 0; i < 10 && reached.size < 3; i++) {
      await page.keyboard.press('Shift+Tab')
      const inBannerButton = await page.evaluate(
        () => document.activeElement?.tagName === 'BUTTON' && Boolean(document.activeElement.closest('[aria-labelledby="cookie-banner-title"]')),
      )
      if (inBannerButton) reached.add(await focusedName(page))
    }
    expect([...reached].sort()).toEqual(['Aceptar', 'Cerrar', 'Rechazar'])

    await banner.getByRole('button', { name: 'Rechazar' }).focus()
    await page.keyboard.press('Enter')
    await expect(banner).toBeHidden()
    expect(await page.evaluate(() => localStorage.getItem('cookiesAccepted'))).toBe('false')
  })
})
