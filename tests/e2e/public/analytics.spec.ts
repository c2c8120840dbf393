// Cookie-free analytics as visitors produce it, in Chromium against `npm start`: three browsers (three
// visitors) land from a campaign link, a search engine and directly, walk the site, follow contact links and
// send the form; a crawler visits too. The database then holds exactly those visitors, views, sources,
// campaigns and conversions (read through the staff report, before and after: specs of this worker run one
// after another on its server), and no context holds a cookie or a storage entry, or asked another origin.
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import ws from 'ws'
import { readReport, type AnalyticsReport, type DimensionId } from '#src/admin/analytics/report.ts'
import { madridDay } from '#src/analytics/madridDay.ts'
import { expect, test, workerDataDir } from '../fixtures'
import { demoStaff, runId } from '../admin/helpers'

// Each run's browsers are new visitors, even beside earlier runs' on the same day (a visitor is IP + User-Agent).
const run = ` Visit/${runId}`
const AGENTS = {
  desktop: `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36${run}`,
  iphone: `Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1${run}`,
  firefox: `Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0${run}`,
  bot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
}

async function report(baseURL: string): Promise<AnalyticsReport> {
  const { anonKey } = JSON.parse(readFileSync(join(workerDataDir(), 'keys.json'), 'utf8')) as { anonKey: string }
  const staff = createClient(baseURL, anonKey, { auth: { persistSession: false }, realtime: { transport: ws as never } })
  const signedIn = await staff.auth.signInWithPassword({ email: demoStaff.email, password: demoStaff.password })
  expect(signedIn.error).toBeNull()
  const { data, error } = await staff.rpc('analytics_report', { p_from: madridDay(), p_to: madridDay() })
  expect(error).toBeNull()
  return readReport(data)
}

const page = (r: AnalyticsReport, path: string) => r.pages.find((p) => p.path === path) ?? readReport({ pages: [{ path }] }).pages[0]!
const dimension = (r: AnalyticsReport, name: DimensionId, value: string) => r.dimensions[name].find((d) => d.value === value)?.visitors ?? 0

/** A visitor's browser, recording every request that leaves the site's origin. */
async function visitor(browser: Browser, baseURL: string, userAgent: string, foreign: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ userAgent })
  const origin = new URL(baseURL).origin
  context.on('request', (request) => {
    const url = request.url()
    if (/^https?:/.test(url) && new URL(url).origin !== origin) foreign.push(url)
  })
  return context
}

/** Waits until the page's beacons have been answered (the page view first). */
async function visit(page: Page, url: string, referer?: string): Promise<void> {
  const beacon = page.waitForResponse((r) => r.url().endsWith('/api/analitica'))
  await page.goto(url, { referer })
  expect((await beacon).status()).toBe(204)
}

async function expectNothingStored(context: BrowserContext, page: Page): Promise<void> {
  expect(await context.cookies()).toEqual([])
  const stored = await page.evaluate(async () => ({
    local: localStorage.length,
    session: sessionStorage.length,
    databases: (await indexedDB.databases()).length,
  }))
  expect(stored).toEqual({ local: 0, session: 0, databases: 0 })
}

test('visitors are counted without cookies or storage, with their sources, campaigns and conversions', async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  const before = await report(baseURL!)
  const foreign: string[] = []

  // 1: a LinkedIn campaign link to /shopify, then the home page (one visitor, two views, landing = campaign).
  const campaign = await visitor(browser, baseURL!, AGENTS.desktop, foreign)
  const one = await campaign.newPage()
  await visit(one, '/shopify?utm_source=linkedin&utm_medium=social&utm_campaign=otono-2026', 'https://www.linkedin.com/feed/')
  await visit(one, '/')
  await expectNothingStored(campaign, one)

  // 2: from a search engine to /agentes-ia, where they follow the e-mail and phone links.
  const search = await visitor(browser, baseURL!, AGENTS.iphone, foreign)
  const two = await search.newPage()
  await visit(two, '/agentes-ia', 'https://www.google.com/')
  for (const link of ['a[href^="mailto:"]', 'a[href^="tel:"]']) {
    const beacon = two.waitForResponse((r) => r.url().endsWith('/api/analitica'))
    // A contact link hands over to another program: the click is what counts, not where it leads.
    await two
      .locator(link)
      .first()
      .evaluate((a: HTMLAnchorElement) => {
        a.addEventListener('click', (event) => event.preventDefault(), { once: true })
        a.click()
      })
    expect((await beacon).status()).toBe(204)
  }
  await expectNothingStored(search, two)

  // 3: directly to /shopify, down to the form, and starts writing.
  const direct = await visitor(browser, baseURL!, AGENTS.firefox, foreign)
  const three = await direct.newPage()
  await visit(three, '/shopify')
  const seen = three.waitForResponse((r) => r.url().endsWith('/api/analitica'))
  await three.getByLabel('Nombre *').scrollIntoViewIfNeeded()
  await seen
  const started = three.waitForResponse((r) => r.url().endsWith('/api/analitica'))
  await three.getByLabel('Nombre *').fill('Ana')
  await started
  // …and sends it: the lead is the funnel's last step, counted by the server for this visitor.
  await three.getByLabel('Email *').fill('ana@example.com')
  await three.getByLabel('Mensaje *').fill(`Quiero una tienda nueva (${runId})`)
  await three.getByLabel(/He leído y acepto/).check()
  await three.waitForTimeout(3000) // the time token refuses a form sent sooner than a person could type it
  await three.locator('#contacto form').getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(three.locator('#contacto-enviado')).toBeVisible({ timeout: 15_000 })
  await expectNothingStored(direct, three)

  // A crawler's visit is answered and adds nothing.
  const crawler = await visitor(browser, baseURL!, AGENTS.bot, foreign)
  await visit(await crawler.newPage(), '/shopify')

  expect(foreign).toEqual([])
  await expect.poll(async () => (await report(baseURL!)).totals.pageviews - before.totals.pageviews, { timeout: 15_000 }).toBe(4)
  const after = await report(baseURL!)
  expect(after.totals.visitors - before.totals.visitors).toBe(3)
  expect(after.totals.converted - before.totals.converted).toBe(2)
  expect(after.totals.leads - before.totals.leads).toBe(1)
  expect(page(after, '/shopify').leads - page(before, '/shopify').leads).toBe(1)
  expect(page(after, '/shopify').visitors - page(before, '/shopify').visitors).toBe(2)
  expect(page(after, '/shopify').form_seen - page(before, '/shopify').form_seen).toBe(1)
  expect(page(after, '/shopify').form_started - page(before, '/shopify').form_started).toBe(1)
  expect(page(after, '/agentes-ia').email_clicks - page(before, '/agentes-ia').email_clicks).toBe(1)
  expect(page(after, '/agentes-ia').phone_clicks - page(before, '/agentes-ia').phone_clicks).toBe(1)
  expect(dimension(after, 'source', 'linkedin') - dimension(before, 'source', 'linkedin')).toBe(1)
  expect(dimension(after, 'source', 'www.google.com') - dimension(before, 'source', 'www.google.com')).toBe(1)
  expect(dimension(after, 'campaign', 'linkedin / social / otono-2026') - dimension(before, 'campaign', 'linkedin / social / otono-2026')).toBe(1)
  expect(dimension(after, 'device', 'móvil') - dimension(before, 'device', 'móvil')).toBe(1)
  expect(dimension(after, 'browser', 'Firefox') - dimension(before, 'browser', 'Firefox')).toBe(1)
})
