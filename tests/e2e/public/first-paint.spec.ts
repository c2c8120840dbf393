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

// The page's only script before the first paint is inline (renderer/pageBootstrap.ts): none of ours competes
// with the stylesheet for a phone's connection before the visitor sees the page
// (docs/decisions/0084-no-script-before-the-first-paint.md). Then the behaviours do arrive and work.
test('a landing page fetches its script only after its first paint, and the behaviours then run', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/shopify')
  // The mobile menu is a behaviour: once it opens, the rest of the script has run.
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  await expect(page.getByRole('navigation', { name: 'Menú móvil' })).toBeVisible()
  const { fcp, scripts } = await page.evaluate(() => ({
    fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN,
    scripts: performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => ({ url: entry.name, start: entry.startTime })),
  }))
  expect(scripts.length).toBeGreaterThan(0)
  expect(scripts.filter((script) => script.start < fcp)).toEqual([])
})

// A post needs a phone's second round trip for its HTML anyway, and its largest paint is its cover: it carries
// the stylesheet inline, so the cover does not wait for a connection of its own. /blog fits in the first
// round trip and links the stylesheet (docs/decisions/0085-the-cover-before-the-script.md).
test('a post carries the site stylesheet inline and is styled by it; the blog links it', async ({ page }) => {
  const post = await stylesheetsOf(page, '/blog/que-es-un-mvp-y-cuanto-cuesta')
  expect(post).toEqual([])
  await expect(page.locator('head style')).toHaveCount(1)
  await expect(page.locator('article h1')).toHaveCSS('font-weight', '800')
  const blog = await stylesheetsOf(page, '/blog')
  expect(blog).toHaveLength(1)
  await expect(page.locator('head style')).toHaveCount(0)
})

// A post's cover is its largest paint on a phone, and comes after the first paint (the text needs no
// image). The page script waits for it too, so the cover has the connection to itself
// (docs/decisions/0085-the-cover-before-the-script.md). The cover is held back here, so that a script
// fetched at the first paint would start long before it.
test('a post fetches its script only once its cover is on screen, and the behaviours then run', async ({ page }) => {
  await page.setViewportSize({ width: 412, height: 823 })
  await page.route(/\/_img\/cover\//, async (route) => {
    const response = await route.fetch()
    await new Promise((resolve) => setTimeout(resolve, 700))
    await route.fulfill({ response })
  })
  await page.goto('/blog/que-es-un-mvp-y-cuanto-cuesta')
  await page.getByRole('button', { name: 'Abrir menú' }).click()
  await expect(page.getByRole('navigation', { name: 'Menú móvil' })).toBeVisible()
  const { cover, scripts } = await page.evaluate(async () => {
    const largest = await new Promise<PerformanceEntryList>((resolve) =>
      new PerformanceObserver((list) => resolve(list.getEntries())).observe({ type: 'largest-contentful-paint', buffered: true }),
    )
    const coverPaint = largest.find((entry) =>
      (entry as PerformanceEntry & { element?: Element }).element?.matches('article img[fetchpriority="high"]'),
    )
    return {
      cover: coverPaint?.startTime ?? Number.NaN,
      scripts: performance
        .getEntriesByType('resource')
        .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }
  })
  expect(cover, 'the cover is the largest paint').toBeGreaterThan(0)
  expect(scripts.length).toBeGreaterThan(0)
  expect(
    scripts.filter((script) => script.start < cover),
    `cover painted at ${cover} ms`,
  ).toEqual([])
})

// Chromium's autofill reads a page's forms when parsing ends, and forces a style and layout pass to do so.
// Before the stylesheet that pass laid out the whole unstyled page, and the first paint laid it out again
// (docs/decisions/0083-parsing-ends-after-the-stylesheet.md). Counted in a Chromium trace, not timed: with
// the stylesheet held back, no page-sized style or layout pass may run before it arrives.
test('a page with the contact form is laid out only once its stylesheet has arrived', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true })
  const page = await context.newPage()
  await page.route(/\.css$/, async (route) => {
    const response = await route.fetch()
    await new Promise((resolve) => setTimeout(resolve, 500))
    await route.fulfill({ response })
  })
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] })
  await page.goto(`${baseURL}/shopify`, { waitUntil: 'load' })
  await expect(page.locator('form[data-behavior="lead-form"]')).toBeVisible()
  const events = JSON.parse((await browser.stopTracing()).toString()).traceEvents as TraceEvent[]
  await context.close()

  // The stylesheet is usable once the renderer has parsed it: a pass before then is an unstyled one. (Its
  // ResourceFinish event is no such mark: the styled pass was seen to start a hair before it on a busy machine.)
  const parsed = events.find((event) => event.name === 'ParseAuthorStyleSheet' && event.args?.data?.styleSheetUrl?.endsWith('.css'))
  expect(parsed, 'the trace records the stylesheet being parsed').toBeDefined()
  const arrived = parsed!.ts + (parsed!.dur ?? 0)
  const passes = events.filter(
    (event) =>
      event.ph === 'X' &&
      ((event.name === 'UpdateLayoutTree' && (event.args?.elementCount ?? 0) > 100) ||
        (event.name === 'Layout' && (event.args?.beginData?.dirtyObjects ?? 0) > 100)),
  )
  expect(passes.length, 'the page is styled and laid out').toBeGreaterThan(0)
  expect(passes.filter((event) => event.ts < arrived).map((event) => event.name)).toEqual([])
})

interface TraceEvent {
  name: string
  ph: string
  ts: number
  dur?: number
  args?: { elementCount?: number; beginData?: { dirtyObjects?: number }; data?: { styleSheetUrl?: string } }
}
