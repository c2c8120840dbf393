/**
 * What a page costs and what it shows, measured in a real browser: the gzip bytes of every JS, CSS
 * and HTML response of our own origin during a whole visit (scrolled to the end, the menus pointed
 * at, a cookie choice made so the booking embed replaces its placeholder: everything loaded on demand
 * counts too; the booking service's own script is a third party's and is not ours to count), and
 * what the page holds without JavaScript (text, head tags, JSON-LD), as a non-rendering crawler sees it.
 */
import { gzipSync } from 'node:zlib'
import type { Browser, BrowserContextOptions, Page } from 'playwright-core'
import { scanAxe, type AxeViolation } from './axe'

export interface Bytes { js: number; css: number; html: number }

export interface StaticView {
  /** Words inside <main> before any script runs. */
  wordsWithoutJs: number
  title: string
  description: string
  canonicals: string[]
  jsonLd: { valid: boolean; types: string[]; error?: string }
  text: string
}

export const mobile: BrowserContextOptions = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true }
export const desktop: BrowserContextOptions = { viewport: { width: 1350, height: 940 } }

const kindOf: Record<string, keyof Bytes> = { script: 'js', stylesheet: 'css', document: 'html' }

/** The same compression the product server applies (gzip level 6), so the figure does not depend on the server. */
const gzipSize = (body: Buffer) => gzipSync(body, { level: 6 }).length

/**
 * Uses the page as a visitor would, so that islands hydrated on demand count: scrolls through it,
 * pausing at each screen (an island hydrates when it nears the viewport) and resting at the end, then
 * points at each island that waits for interaction (the desktop menu) where it is visible.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle')
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y)
      await new Promise((r) => setTimeout(r, 200))
    }
    await new Promise((r) => setTimeout(r, 800))
    window.scrollTo(0, 0)
  })
  for (const island of await page.locator('[data-island-when="interaction"] > *').all()) {
    if (await island.isVisible()) await island.hover()
  }
  await acceptCookies(page)
  // networkidle resolves at once when already reached: give scroll-triggered requests time to start.
  await page.waitForTimeout(600)
  await page.waitForLoadState('networkidle')
}

/**
 * The cookie choice a first visit makes: "Aceptar", which also swaps the booking placeholder for
 * the embed. Accepting is the costlier choice (the embed's code runs), so it is the one measured.
 */
async function acceptCookies(page: Page): Promise<void> {
  const accept = page.getByRole('region', { name: 'Cookies del calendario de reservas' }).getByRole('button', { name: 'Aceptar', exact: true })
  if (!(await accept.isVisible())) return
  await accept.click()
  await page.locator('#contacto').scrollIntoViewIfNeeded().catch(() => undefined)
  await page.waitForTimeout(400)
}

/** Loads the page with JavaScript, counts its bytes, and scans it with axe at this viewport. */
export async function measureLoad(browser: Browser, url: string, viewport: BrowserContextOptions, label: string): Promise<{ bytes: Bytes; violations: AxeViolation[]; consoleErrors: string[] }> {
  const context = await browser.newContext(viewport)
  const page = await context.newPage()
  const bytes: Bytes = { js: 0, css: 0, html: 0 }
  const pending: Promise<void>[] = []
  const consoleErrors: string[] = []
  page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()) })
  const origin = new URL(url).origin
  // Third parties (the booking service's script, loaded only after consent) are not ours to count, and
  // this machine may have no network: they get an empty answer instead of a console error.
  await context.route((u) => u.origin !== origin, (route) => route.fulfill({ status: 200, body: '' }))
  page.on('response', (response) => {
    const kind = kindOf[response.request().resourceType()]
    if (!kind || response.status() >= 300 || new URL(response.url()).origin !== origin) return
    pending.push(response.body().then((body) => { bytes[kind] += gzipSize(body) }, () => undefined))
  })
  try {
    await page.goto(url, { waitUntil: 'load' })
    await settle(page)
    await Promise.all(pending)
    const violations = await scanAxe(page, label)
    return { bytes, violations, consoleErrors }
  } finally {
    await context.close()
  }
}

export async function viewWithoutJs(browser: Browser, url: string): Promise<StaticView> {
  const context = await browser.newContext({ ...desktop, javaScriptEnabled: false })
  const page = await context.newPage()
  try {
    await page.goto(url, { waitUntil: 'load' })
    // Plain data out of the page, parsed here: functions defined inside evaluate() would be renamed by tsx.
    const raw = await page.evaluate(() => ({
      mainText: document.querySelector('main')?.textContent ?? '',
      title: document.title,
      description: document.querySelector('meta[name="description"]')?.getAttribute('content') ?? '',
      canonicals: [...document.querySelectorAll('link[rel="canonical"]')].map((l) => l.getAttribute('href') ?? ''),
      jsonLdTexts: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
      text: document.body.textContent ?? '',
    }))
    return {
      wordsWithoutJs: raw.mainText.split(/\s+/).filter(Boolean).length,
      title: raw.title,
      description: raw.description,
      canonicals: raw.canonicals,
      jsonLd: parseJsonLd(raw.jsonLdTexts),
      text: raw.text,
    }
  } finally {
    await context.close()
  }
}

function parseJsonLd(texts: string[]): StaticView['jsonLd'] {
  if (texts.length === 0) return { valid: false, types: [], error: 'no JSON-LD' }
  try {
    const nodes = texts.flatMap((t) => {
      const data = JSON.parse(t) as { '@graph'?: { '@type'?: unknown }[]; '@type'?: unknown }
      return data['@graph'] ?? [data]
    })
    return { valid: true, types: nodes.map((n) => String(n['@type'])) }
  } catch (e) {
    return { valid: false, types: [], error: String(e) }
  }
}
