import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'

/**
 * A visitor's stylesheet is the site's own (docs/decisions/0077-site-stylesheet.md): Tailwind builds it
 * from the code public pages render, so none of the admin's classes are downloaded before a first paint.
 * The admin and sign-in screens load their own, larger sheet.
 */
async function stylesheetsOf(page: Page, path: string): Promise<{ url: string; bytes: number }[]> {
  const sheets: Promise<{ url: string; bytes: number }>[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() === 'stylesheet') sheets.push(response.body().then((body) => ({ url: response.url(), bytes: body.length })))
  })
  await page.goto(path, { waitUntil: 'load' })
  return Promise.all(sheets)
}

test('a landing page loads only the site’s stylesheet, smaller than the admin’s, and is styled by it', async ({ browser }) => {
  const visitor = await browser.newPage()
  const site = await stylesheetsOf(visitor, '/shopify')
  expect(site).toHaveLength(1)
  // Styled: the hero is the dark band with white text the stylesheet paints, not the browser's default.
  await expect(visitor.locator('#hero')).toHaveCSS('color', 'rgb(255, 255, 255)')
  await expect(visitor.locator('#hero')).toHaveCSS('background-color', 'rgb(11, 16, 32)')

  const staff = await browser.newPage()
  const admin = await stylesheetsOf(staff, '/auth')
  await expect(staff.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last()).toBeVisible()
  expect(admin).toHaveLength(1)
  expect(admin[0]!.url).not.toBe(site[0]!.url)
  expect(site[0]!.bytes).toBeLessThan(admin[0]!.bytes)
})
