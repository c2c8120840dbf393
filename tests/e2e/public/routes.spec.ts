import type { APIRequestContext } from '@playwright/test'
import { expect, test } from '../fixtures'
import { contentRoutes as routes } from '../../contentRoutes'

/** The staff's title overrides (seo_metadata.meta_title, readable by anyone): such a title is the whole <title>. */
async function titleOverrides(request: APIRequestContext): Promise<Map<string, string>> {
  const { anonKey } = (await (await request.get('/backend.json')).json()) as { anonKey: string }
  const rows = (await (
    await request.get('/rest/v1/seo_metadata?select=page_path,meta_title&meta_title=not.is.null', {
      headers: { apikey: anonKey, authorization: `Bearer ${anonKey}` },
    })
  ).json()) as { page_path: string; meta_title: string }[]
  return new Map(rows.map((r) => [r.page_path === '/consultoria-ux-ui' ? '/consultoria-uxui' : r.page_path, r.meta_title]))
}

// Every test here only reads, each in a page of its own: they may run in either worker, which keeps the two busy
// to the end of the run (docs/decisions/0051-test-command-time.md).
test.describe.configure({ mode: 'parallel' })

test.describe('prerendered pages without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  for (const route of routes) {
    test(`${route} carries its text and head tags`, async ({ page, request }) => {
      const override = (await titleOverrides(request)).get(route)
      const response = await page.goto(route)
      expect(response?.status()).toBe(200)
      await expect(page.locator('html')).toHaveAttribute('lang', 'es')
      // The page's own title carries the brand suffix; the seed overrides a few with a whole title of its own.
      await expect(page).toHaveTitle(override ?? /\| Nexo Digital Valencia$/)
      await expect(page.locator('h1')).toHaveCount(1)
      await expect(page.locator('h1')).not.toBeEmpty()
      const head = page.locator('head')
      await expect(head.locator('meta[name="description"]')).toHaveAttribute('content', /.{50,}/)
      await expect(head.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`^https://[^/]+${route === '/' ? '/$' : `${route}$`}`))
      await expect(head.locator('meta[property="og:image"]')).toHaveAttribute('content', /^https:\/\/.+\.(png|jpg|webp)$/)
      await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image')
      await expect(head.locator('meta[name="robots"]')).toHaveAttribute('content', 'index,follow')
      // The shared header and footer are server-rendered too.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
      await expect(page.locator('footer')).toContainText(String(new Date().getFullYear()))
      if (!['/aviso-legal', '/privacidad', '/cookies'].includes(route)) {
        await expect(page.locator('#contacto')).toContainText('Lunes a viernes, 9:00–18:00 CET')
      }
    })
  }

  test('legal pages hold the business facts', async ({ page }) => {
    await page.goto('/aviso-legal')
    const main = page.locator('main')
    await expect(main).toContainText('Nexo Digital Soluciones, S.L.')
    await expect(main).toContainText('B98765432')
    await expect(main).toContainText('hola@example.com')
    await expect(main).toContainText('+34 960 00 00 01')
    await expect(main).toContainText('+34 960 00 00 02')
    await page.goto('/cookies')
    await expect(page.locator('main')).not.toContainText(/(seguir|contin[uú]a[rs]?) navegando/i)
  })
})

test('the misspelt UX/UI path answers with a permanent redirect', async ({ request, page }) => {
  const response = await request.get('/consultoria-ux-ui', { maxRedirects: 0 })
  expect(response.status()).toBe(301)
  expect(response.headers()['location']).toBe('/consultoria-uxui')
  await page.goto('/consultoria-ux-ui')
  await expect(page).toHaveURL(/\/consultoria-uxui$/)
})

test('an unknown path shows the 404 page and logs the path', async ({ page }) => {
  const errors: string[] = []
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text())
  })
  const response = await page.goto('/esta-ruta-no-existe')
  expect(response?.status()).toBe(404)
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible()
  await expect(page.getByText('Oops! Page not found')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
  await expect.poll(() => errors).toContain('404 Error: User attempted to access non-existent route: /esta-ruta-no-existe')
})

test('public pages load no admin or backend code', async ({ page }) => {
  const scripts: string[] = []
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(r.url())
  })
  await page.goto('/')
  await page.waitForLoadState('networkidle')
  expect(scripts.length).toBeGreaterThan(0)
  for (const s of scripts) expect(s).not.toMatch(/admin|auth|supabase/i)
})

test('no public page is wider than a 390 px phone (the cookie policy table once was)', async ({ browser }) => {
  // One test walks every route and everything published (about 30 pages, more as staff publish), so it
  // gets the time of that many page loads rather than the 30 s meant for one journey.
  test.setTimeout(180_000)
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  const sitemap = await (await page.request.get('/sitemap.xml')).text()
  const published = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+(\/[^<]*)<\/loc>/g)].map((m) => m[1]!).filter((p) => !routes.includes(p))
  const wide: string[] = []
  for (const path of [...routes, ...published, '/esta-ruta-no-existe']) {
    await page.goto(path)
    const { scroll, client } = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }))
    if (scroll > client) wide.push(`${path}: ${scroll} px`)
  }
  await context.close()
  expect(published.length).toBeGreaterThan(0)
  expect(wide).toEqual([])
})
