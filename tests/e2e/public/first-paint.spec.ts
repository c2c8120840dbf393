import { expect, test } from '@playwright/test'

/**
 * A public page paints from its one HTML response (docs/decisions/0077-inline-site-stylesheet.md): its
 * stylesheet rides inside it, so no stylesheet request stands between the visitor and the first paint,
 * and the admin's classes never reach a visitor. The admin keeps its own linked sheet.
 */
test('a landing page is styled with no stylesheet request, and carries none of the admin’s classes', async ({ page }) => {
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(request.url())
  })
  const response = await page.goto('/shopify')
  const html = (await response?.text()) ?? ''
  expect(stylesheets).toEqual([])
  expect(html).not.toContain('rel="stylesheet"')
  // Styled: the hero is the dark band with white text the stylesheet paints, not the browser's default.
  await expect(page.locator('#hero')).toHaveCSS('color', 'rgb(255, 255, 255)')
  await expect(page.locator('#hero')).toHaveCSS('background-color', 'rgb(11, 16, 32)')
})

test('the admin’s sign-in page loads its own stylesheet and is styled', async ({ page }) => {
  const stylesheets: string[] = []
  page.on('request', (request) => {
    if (request.resourceType() === 'stylesheet') stylesheets.push(new URL(request.url()).pathname)
  })
  await page.goto('/auth')
  await expect(page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last()).toBeVisible()
  expect(stylesheets).toHaveLength(1)
  expect(stylesheets[0]).toMatch(/^\/assets\/.+\.css$/)
})
