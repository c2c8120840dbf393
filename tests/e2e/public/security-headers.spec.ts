import type { Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { demoStaff, signIn } from '../admin/helpers'

// The Content-Security-Policy the server computes from the build (src/backend/securityHeaders.ts) must let
// every page do all it does — islands, behaviours, the consent-gated booking embed, every admin tab — with
// not one violation, and /admin must refuse to be framed (its session sits in localStorage).

/** Collects CSP violations from the first script on, in every frame of the page. */
async function watchViolations(page: Page): Promise<string[]> {
  const found: string[] = []
  await page.exposeFunction('__cspViolation', (text: string) => found.push(text))
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { __cspViolation: (text: string) => void }).__cspViolation
      void report(`${event.violatedDirective} blocked ${event.blockedURI || '(inline)'} on ${location.pathname}`)
    })
  })
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) found.push(message.text())
  })
  return found
}

/** Scrolls to the bottom, so behaviours and islands that wait for the viewport run. */
async function visitAll(page: Page): Promise<void> {
  const height = await page.evaluate(() => document.body.scrollHeight)
  for (let y = 0; y < height; y += 500) {
    await page.mouse.wheel(0, 500)
    await page.waitForTimeout(40)
  }
  await page.waitForLoadState('networkidle')
}

// Every test here only reads (the admin one signs in, changes nothing): they may run in either worker, and the
// tour of every page is cut in three for the same reason (docs/decisions/0051-test-command-time.md).
test.describe.configure({ mode: 'parallel' })

const TOUR_PARTS = 3
for (let part = 0; part < TOUR_PARTS; part++) {
  test(`every public page, with cookies accepted (booking embed loading), runs without a CSP violation (part ${part + 1} of ${TOUR_PARTS})`, async ({
    page,
    request,
  }) => {
    // About 12 pages, each scrolled to its end and waited on until the booking embed's blocked request
    // settles: the time of that many visits, which grows with what staff publish.
    test.setTimeout(300_000)
    const sitemap = await (await request.get('/sitemap.xml')).text()
    const routes = [...sitemap.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!)
    expect(routes.length).toBeGreaterThan(15)
    // Every page of the sitemap and the 404 page in one of the parts; the home page, which holds the booking embed,
    // in each of them.
    const mine = [...routes, '/no-existe-esta-pagina'].filter((route, i) => i % TOUR_PARTS === part && route !== '/')
    const violations = await watchViolations(page)
    await page.goto('/')
    await page.evaluate(() => localStorage.setItem('cookiesAccepted', 'true'))
    let bookingPages = 0
    for (const route of ['/', ...mine]) {
      const response = await page.goto(route)
      expect(response?.headers()['content-security-policy'], route).toContain("script-src 'self'")
      await visitAll(page)
      if (await page.locator('[data-testid="calendly-embed"]').count()) bookingPages += 1
    }
    expect(bookingPages).toBeGreaterThan(0) // the embed really was inserted somewhere, and allowed there
    expect(violations).toEqual([])
  })
}

test('the booking embed is allowed only on the pages that hold it', async ({ request }) => {
  const policy = async (path: string) => (await request.get(path)).headers()['content-security-policy'] ?? ''
  expect(await policy('/')).toMatch(/frame-src https:\/\/calendly\.com/)
  expect(await policy('/aviso-legal')).toContain("frame-src 'none'")
  expect(await policy('/aviso-legal')).not.toContain('calendly')
  expect(await policy('/admin')).not.toContain('calendly')
})

test('the admin and auth screens, every tab, run without a CSP violation', async ({ page }) => {
  test.setTimeout(90_000)
  const violations = await watchViolations(page)
  await signIn(page, demoStaff.email, demoStaff.password)
  await expect(page).toHaveURL(/\/admin$/)
  const tabs = page.getByRole('tab')
  await expect(tabs.first()).toBeVisible()
  const names = await tabs.allInnerTexts()
  expect(names.length).toBeGreaterThan(3)
  // Each tab until its panel shows what it read. Not "network idle": the live preview's requests go from a worker,
  // whose ends Playwright does not always see, so the page never looked idle again after one.
  for (const name of names) {
    await page.getByRole('tab', { name: name.trim(), exact: true }).click()
    await expect(page.getByRole('tabpanel', { name: name.trim() })).toBeVisible()
    await expect(page.getByRole('tabpanel', { name: name.trim() }).getByText(/^Cargando/)).toHaveCount(0)
  }
  // A dialog (Radix: focus trap and scroll lock) and the Markdown preview, with its image, rendered by the site.
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByRole('textbox', { name: 'Contenido', exact: true }).fill('## Hola\n\n![x](https://example.com/x.png)')
  const preview = page.frameLocator('iframe[title="Vista previa de la página sin guardar"]')
  await expect(preview.getByRole('heading', { name: 'Hola' })).toBeVisible({ timeout: 60_000 })
  await expect(preview.locator('article img[src="https://example.com/x.png"]')).toHaveCount(1)
  expect(violations).toEqual([])
})

test('/admin cannot be framed by another site', async ({ page, baseURL }) => {
  await page.route('http://attacker.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseURL}/admin" width="800" height="600"></iframe>` }),
  )
  await page.goto('http://attacker.test/')
  // Chromium replaces a document refused by frame-ancestors with its error page: the admin never loads there.
  await expect
    .poll(() =>
      page
        .frames()
        .find((frame) => frame !== page.mainFrame())
        ?.url(),
    )
    .toMatch(/^chrome-error:/)
  const response = await page.request.get('/admin')
  expect(response.headers()['x-frame-options']).toBe('DENY')
  expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'")
})

test('a site that opens /admin or /auth in a window gets no handle on it; public pages carry no opener policy', async ({ page, baseURL }) => {
  await page.route('http://attacker.test/', (route) => route.fulfill({ contentType: 'text/html', body: '<p>attacker</p>' }))
  await page.goto('http://attacker.test/')
  for (const path of ['/admin', '/auth']) {
    const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((url) => void window.open(url), `${baseURL}${path}`)])
    await popup.waitForLoadState('domcontentloaded')
    // Cross-Origin-Opener-Policy: same-origin severs the opener: the admin's window cannot be steered or probed.
    expect(await popup.evaluate(() => window.opener === null), path).toBe(true)
    await popup.close()
  }
  // A public page's policy would give each visit a browsing context group (on Android a renderer process) of
  // its own: a renderer start on every first paint (docs/decisions/0078-no-opener-policy-on-public-pages.md).
  for (const path of ['/', '/aviso-legal', '/no-existe-esta-pagina']) {
    expect((await page.request.get(path)).headers()['cross-origin-opener-policy'], path).toBeUndefined()
  }
})
