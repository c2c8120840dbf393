import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

const CALENDLY = 'https://assets.calendly.com/**'

/** Answers Calendly's script locally (no network here) and records that it was asked for. */
async function stubCalendly(page: Page) {
  const requests: string[] = []
  await page.route(CALENDLY, (route) => {
    requests.push(route.request().url())
    return route.fulfill({ contentType: 'text/javascript', body: '' })
  })
  return requests
}

/** The booking calendar shows its embed (or placeholder) once it comes near the viewport. */
const scrollToContact = (page: Page) => page.locator('#contacto').scrollIntoViewIfNeeded()

const banner = (page: Page) => page.getByRole('region', { name: 'Cookies del calendario de reservas' })
const stored = (page: Page) => page.evaluate(() => localStorage.getItem('cookiesAccepted'))

test.describe('cookie banner and consent', () => {
  test('"Aceptar" stores "true", hides the banner for good and loads the calendar', async ({ page }) => {
    const calendly = await stubCalendly(page)
    await page.goto('/')
    await expect(banner(page)).toBeVisible()
    await expect(banner(page).getByRole('link', { name: 'Política de cookies' })).toHaveAttribute('href', '/cookies')
    // It says what the choice is about: the booking calendar, the one third party; visits are counted without cookies.
    await expect(banner(page)).toContainText('contamos las visitas sin cookies')
    await expect(banner(page)).toContainText('Solo el calendario de reservas de Calendly')
    await expect(banner(page)).not.toContainText('publicidad relacionada')
    // No third-party script before consent: a placeholder explains why.
    await expect(page.locator('#contacto')).toContainText('Solo lo cargamos si aceptas las cookies')
    expect(calendly).toEqual([])
    await banner(page).getByRole('button', { name: 'Aceptar', exact: true }).click()
    await expect(banner(page)).toBeHidden()
    expect(await stored(page)).toBe('true')
    // The calendar's behaviour inserts the embed when the contact section comes near the viewport.
    await scrollToContact(page)
    const embed = page.getByTestId('calendly-embed')
    await expect(embed).toHaveAttribute('data-url', /calendly\.com\/.+hide_gdpr_banner=1/)
    await expect(embed).toHaveCSS('min-width', '320px')
    await expect(embed).toHaveCSS('height', '700px')
    await expect.poll(() => calendly.length).toBe(1)
    await page.reload()
    await expect(banner(page)).toBeHidden()
    await scrollToContact(page)
    await expect(page.getByTestId('calendly-embed')).toBeVisible()
  })

  test('"Rechazar" and "Cerrar" store "false"; the footer reopens the choice and withdrawing removes the script', async ({ page }) => {
    const calendly = await stubCalendly(page)
    await page.goto('/shopify')
    await banner(page).getByRole('button', { name: 'Rechazar' }).click()
    await expect(banner(page)).toBeHidden()
    expect(await stored(page)).toBe('false')
    await page.reload()
    await expect(banner(page)).toBeHidden()
    await scrollToContact(page)
    await expect(page.locator('#contacto')).toContainText('Solo lo cargamos si aceptas las cookies')
    expect(calendly).toEqual([])

    await page.evaluate(() => localStorage.clear())
    await page.reload()
    await banner(page).getByRole('button', { name: 'Cerrar' }).click()
    expect(await stored(page)).toBe('false')

    // Accept from the placeholder, then withdraw through "Configurar cookies".
    await page.getByRole('button', { name: 'Aceptar cookies y ver el calendario' }).click()
    await expect(page.getByTestId('calendly-embed')).toBeVisible()
    expect(await page.locator('script[src*="calendly"]').count()).toBe(1)
    await page.getByRole('button', { name: 'Configurar cookies' }).click()
    await banner(page).getByRole('button', { name: 'Rechazar' }).click()
    await expect(page.getByTestId('calendly-embed')).toHaveCount(0)
    expect(await page.locator('script[src*="calendly"]').count()).toBe(0)
    expect(await stored(page)).toBe('false')
  })

  test('a choice lasts 24 months: an older acceptance asks again and loads nothing; an undated one is kept and dated', async ({ page }) => {
    const calendly = await stubCalendly(page)
    await page.goto('/')
    const monthsAgo = (months: number) => {
      const at = new Date()
      at.setMonth(at.getMonth() - months)
      return String(at.getTime())
    }
    const storeChoice = (at: string | null) =>
      page.evaluate((at) => {
        localStorage.setItem('cookiesAccepted', 'true')
        if (at) localStorage.setItem('cookiesAcceptedAt', at)
        else localStorage.removeItem('cookiesAcceptedAt')
      }, at)

    await storeChoice(monthsAgo(23))
    await page.reload()
    await expect(banner(page)).toBeHidden()

    await storeChoice(monthsAgo(25))
    await page.reload()
    await expect(banner(page)).toBeVisible()
    await scrollToContact(page)
    await expect(page.locator('#contacto')).toContainText('Solo lo cargamos si aceptas las cookies')
    expect(calendly).toEqual([])
    // Choosing again starts a new 24 months.
    await banner(page).getByRole('button', { name: 'Aceptar', exact: true }).click()
    const dated = Number(await page.evaluate(() => localStorage.getItem('cookiesAcceptedAt')))
    expect(Date.now() - dated).toBeLessThan(60_000)

    // A choice stored before choices were dated still counts, and its 24 months start now.
    await storeChoice(null)
    await page.reload()
    // The page script dates it when it reads the choice.
    await expect.poll(() => page.evaluate(() => Number(localStorage.getItem('cookiesAcceptedAt')))).toBeGreaterThanOrEqual(dated)
    await expect(banner(page)).toBeHidden()
  })
})

test.describe('header and scrolling', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'false'))
  })

  const headerBackground = (page: Page) =>
    page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor)
  const transparent = 'rgba(0, 0, 0, 0)'

  test('is transparent at the top and solid after 20 px of scroll', async ({ page }) => {
    await page.goto('/')
    await expect.poll(() => headerBackground(page)).toBe(transparent)
    await page.evaluate(() => window.scrollTo(0, 20))
    await page.waitForTimeout(400)
    expect(await headerBackground(page)).toBe(transparent)
    await page.evaluate(() => window.scrollTo(0, 21))
    await expect.poll(() => headerBackground(page)).not.toBe(transparent)
    await page.evaluate(() => window.scrollTo(0, 0))
    await expect.poll(() => headerBackground(page)).toBe(transparent)
  })

  test('is always solid on the legal pages', async ({ page }) => {
    for (const path of ['/aviso-legal', '/privacidad', '/cookies']) {
      await page.goto(path)
      await expect.poll(() => headerBackground(page)).not.toBe(transparent)
    }
  })

  test('"Volver arriba" appears after 500 px and returns to the top', async ({ page }) => {
    await page.goto('/')
    const toTop = page.getByRole('link', { name: 'Volver arriba' })
    await expect(toTop).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 500))
    await page.waitForTimeout(200)
    await expect(toTop).toBeHidden()
    await page.evaluate(() => window.scrollTo(0, 900))
    await expect(toTop).toBeVisible()
    await toTop.click()
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0)
    await expect(page.locator('main')).toBeFocused()
  })

  test('hero buttons scroll on the home page and go home from a service page', async ({ page }) => {
    await page.goto('/')
    await page.getByRole('link', { name: 'Ver casos de éxito' }).first().click()
    await expect(page).toHaveURL(/\/#casos-exito$/)
    await expect(page.locator('#casos-exito')).toBeInViewport()
    await page.goto('/shopify')
    await page.locator('#hero').getByRole('link', { name: 'Solicita tu propuesta' }).click()
    await expect(page).toHaveURL(/\/#contacto$/)
    expect(new URL(page.url()).pathname).toBe('/')
    await page.goto('/agentes-ia')
    await page.locator('#hero').getByRole('link', { name: 'Solicita tu propuesta' }).click()
    await expect(page).toHaveURL(/\/agentes-ia#contacto$/)
    await expect(page.locator('#contacto')).toBeInViewport()
  })

  // The site's main call to action: a jump to the form lands on its heading, on a wide screen and on a
  // phone (skipping sections' layout until they near the viewport broke this; decision 0079).
  for (const width of [1440, 390]) {
    test(`a jump to #contacto lands on the form's heading at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: width > 1000 ? 900 : 844 })
      await page.goto('/shopify#contacto')
      await expect(page.locator('#contacto-title')).toBeInViewport()
      await page.goto('/agentes-ia')
      await page.locator('#hero').getByRole('link', { name: 'Solicita tu propuesta' }).click()
      await expect(page.locator('#contacto-title')).toBeInViewport()
      // The smooth scroll stops below the fixed header (scroll-margin-top: 5rem).
      const offset = () => page.locator('#contacto').evaluate((el) => Math.abs(el.getBoundingClientRect().top - 80))
      await expect.poll(offset).toBeLessThan(40)
    })
  }

  test('the WhatsApp button shows on desktop only', async ({ page }) => {
    await page.goto('/')
    const wa = page.getByRole('link', { name: 'Chatea con nosotros por WhatsApp (se abre en una pestaña nueva)' })
    await expect(wa).toBeVisible()
    await expect(wa).toHaveAttribute('href', /^https:\/\/wa\.me\/\d+/)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(wa).toBeHidden()
  })

  test('copying the e-mail confirms with a toast', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'])
    await page.goto('/')
    await page.getByRole('button', { name: /^Copiar / }).click()
    const notice = page.getByRole('status').filter({ hasText: 'Email copiado' })
    await expect(notice).toBeVisible()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/@/)
    await expect(notice.getByText(/@/)).toBeVisible()
    await notice.getByRole('button', { name: 'Cerrar' }).click()
    await expect(page.getByText('Email copiado', { exact: true })).toBeHidden()
  })
})

test.describe('menus', () => {
  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'false'))
  })

  test('the mega menu lists the solutions and its links navigate', async ({ page }) => {
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Main' })
    // The desktop menu hydrates when the pointer first comes over it; the click is held until then.
    await nav.getByRole('button', { name: 'Soluciones' }).click()
    await expect(page.getByText('Nuestras Soluciones')).toBeVisible()
    await expect(nav.getByRole('link', { name: /Sistemas de gestión/ })).toHaveAttribute('href', '/#servicios')
    await expect(nav.getByRole('link', { name: 'Solicita tu propuesta personalizada' })).toHaveAttribute('href', '/#contacto')
    await expect(nav.getByRole('link', { name: /UX\/UI/ })).toHaveAttribute('href', '/consultoria-uxui')
    await nav.getByRole('link', { name: /^WooCommerce/ }).click()
    await expect(page).toHaveURL(/\/woocommerce$/)
    await expect(page.locator('h1')).toContainText(/WooCommerce/)
  })

  test('the nav sends section items to the home page', async ({ page }) => {
    await page.goto('/shopify')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Casos de éxito' })).toHaveAttribute('href', '/#casos-exito')
    await expect(nav.getByRole('link', { name: 'Proceso' })).toHaveAttribute('href', '/#proceso')
    await expect(nav.getByRole('link', { name: 'Contacto' })).toHaveAttribute('href', '/#contacto')
    await expect(page.getByRole('link', { name: 'Solicitar propuesta' }).first()).toHaveAttribute('href', '/#contacto')
  })

  test('the mobile menu opens one category at a time and closes on a choice', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/')
    const toggle = page.getByRole('button', { name: 'Abrir menú' })
    await toggle.click()
    const menu = page.getByRole('navigation', { name: 'Menú móvil' })
    await expect(menu).toBeVisible()
    const soluciones = menu.getByRole('button', { name: 'Soluciones' })
    await expect(soluciones).toHaveAttribute('aria-expanded', 'false')
    await soluciones.click()
    await expect(soluciones).toHaveAttribute('aria-expanded', 'true')
    const ecommerce = menu.getByRole('button', { name: 'Ecommerce' })
    const consultoria = menu.getByRole('button', { name: 'Consultoría' })
    await ecommerce.click()
    await expect(ecommerce).toHaveAttribute('aria-expanded', 'true')
    await expect(menu.getByRole('link', { name: 'Shopify' })).toBeVisible()
    await consultoria.click()
    await expect(consultoria).toHaveAttribute('aria-expanded', 'true')
    await expect(ecommerce).toHaveAttribute('aria-expanded', 'false')
    await consultoria.click()
    await expect(consultoria).toHaveAttribute('aria-expanded', 'false')
    // Choosing an item closes the menu.
    await menu.getByRole('link', { name: 'Contacto' }).click()
    await expect(menu).toBeHidden()
    await expect(page.getByRole('button', { name: 'Abrir menú' })).toHaveAttribute('aria-expanded', 'false')
  })
})

test.describe('success cases', () => {
  test('filter by type; "Todos" shows all six', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('cookiesAccepted', 'false'))
    await page.goto('/')
    const section = page.locator('#casos-exito')
    const visible = section.locator('li[data-case-type]:visible')
    await expect(visible).toHaveCount(6)
    for (const [label, type] of [
      ['Ecommerce', 'ecommerce'],
      ['Plataformas', 'plataforma'],
      ['Automatización', 'automatizacion'],
    ] as const) {
      await section.getByText(label, { exact: true }).click()
      const expected = await section.locator(`li[data-case-type="${type}"]`).count()
      expect(expected).toBeGreaterThan(0)
      await expect(visible).toHaveCount(expected)
      for (const t of await visible.evaluateAll((els) => els.map((e) => e.getAttribute('data-case-type')))) expect(t).toBe(type)
    }
    await section.getByText('Todos', { exact: true }).click()
    await expect(visible).toHaveCount(6)
  })
})
