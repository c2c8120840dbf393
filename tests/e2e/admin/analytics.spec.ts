import { createClient } from '@supabase/supabase-js'
import type { Locator, Page } from '@playwright/test'
import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Papa from 'papaparse'
import ws from 'ws'
import { expect as baseExpect, test, workerDataDir } from '../fixtures'
import { chooseOption, expectAccessible, rest, runId, signedInStaffPage } from './helpers'
import { addDays, countChange, formatRate } from '#src/admin/analytics/period.ts'

// «Analítica», walked by one signed-in member of staff. Events are stored as the site server stores them: with
// the service-role key (read from the e2e server's data folder) through record_analytics, and the lead as a row
// of public.leads. Today's figures are shared with whatever else this worker's server counted today, so they are
// checked as the count before seeding plus what the spec added; a custom range on a day of its own is checked
// exactly, table by table.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
const expect = baseExpect.configure({ timeout: 15_000 })

let page: Page
let base: string
const dialogs: string[] = []
const leadIds: string[] = []

function serviceClient(url: string) {
  const { serviceRoleKey } = JSON.parse(readFileSync(join(workerDataDir(), 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

type Totals = { visitors: number; pageviews: number; converted: number; leads: number }
type Report = { totals: Totals; dimensions: Record<string, { value: string; visitors: number; pageviews: number; converted: number }[]> }

const madridDay = (date: Date) => new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(date)
const count = (n: number) => new Intl.NumberFormat('es-ES').format(n)
const visitor = () => randomBytes(16).toString('hex')

const landing = `/analitica-e2e-${runId}`
const source = `boletin-${runId}`
const campaign = `${source} / email / lanzamiento-${runId}`
/** A referrer a visitor could send: shown as text, never run. */
const evilReferrer = `<img src=x onerror="alert('referrer')">-${runId}.example`

/**
 * Four visitors of one landing page: one from a newsletter campaign who sees, starts and sends the form; one who
 * clicks WhatsApp and the phone; one who only looks; one who clicks the e-mail and opens the calendar.
 */
function visits(at: (minute: number) => string) {
  const [a, b, c, d] = [visitor(), visitor(), visitor(), visitor()]
  const view = (v: string, minute: number, extra: Record<string, string>) => ({
    visitor: v,
    kind: 'pageview',
    path: landing,
    occurred_at: at(minute),
    ...extra,
  })
  const event = (v: string, kind: string, minute: number) => ({ visitor: v, kind, path: landing, occurred_at: at(minute) })
  return [
    view(a, 0, {
      referrer_host: 'mail.example',
      utm_source: source,
      utm_medium: 'email',
      utm_campaign: `lanzamiento-${runId}`,
      device: 'móvil',
      browser: 'Firefox',
    }),
    view(a, 1, { referrer_host: 'directo', device: 'móvil', browser: 'Firefox' }),
    event(a, 'form_seen', 2),
    event(a, 'form_started', 3),
    event(a, 'lead', 4),
    view(b, 5, { referrer_host: `buscador-${runId}.example`, device: 'ordenador', browser: 'Chrome' }),
    event(b, 'whatsapp_click', 6),
    event(b, 'phone_click', 7),
    view(c, 8, { referrer_host: evilReferrer, device: 'tableta', browser: 'Safari' }),
    view(d, 9, { referrer_host: `red-${runId}.example`, device: 'ordenador', browser: 'Chrome' }),
    event(d, 'email_click', 10),
    event(d, 'booking_opened', 11),
  ]
}
/** What those visits add. */
const added: Totals = { visitors: 4, pageviews: 5, converted: 3, leads: 1 }

const today = madridDay(new Date())
const yesterday = addDays(today, -1)
/** A past day of this spec's own, chosen in beforeAll, and a moment at noon in Madrid on it. */
let isolatedDay = ''
const onIsolatedDay = (minute: number) => new Date(Date.parse(`${isolatedDay}T11:00:00Z`) + minute * 60_000).toISOString()

/**
 * A past day with no event, which the server has not rolled up (the report reads a rolled-up day from its
 * summary only, and the server rolls up every finished day after the first one with events when it starts):
 * before the first rolled-up day, and within the retention of leads.
 */
async function freeDay(service: ReturnType<typeof serviceClient>): Promise<string> {
  const { data: rolled } = await service.from('analytics_rolled_days').select('day').order('day').limit(1)
  const firstRolled = rolled?.[0]?.day
  const upper = firstRolled && firstRolled < addDays(today, -100) ? addDays(firstRolled, -1) : addDays(today, -100)
  for (let attempt = 0; attempt < 20; attempt++) {
    const day = addDays(upper, -Math.floor(Math.random() * 200))
    const { count } = await service.from('analytics_events').select('*', { count: 'exact', head: true }).eq('day', day)
    if (count === 0) return day
  }
  throw new Error('no free day for the custom range')
}
let before: Totals
let previous: Totals

async function report(from: string, to: string): Promise<Report> {
  const res = await rest(page, 'POST', 'rpc/analytics_report', { p_from: from, p_to: to })
  expect(res.status).toBe(200)
  return res.body as Report
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  base = baseURL!
  page = await signedInStaffPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  before = (await report(today, today)).totals
  previous = (await report(yesterday, yesterday)).totals

  const service = serviceClient(base)
  isolatedDay = await freeDay(service)
  // Seconds ago, so every event is today in Madrid and none is in the future.
  const now = Date.now() - 60_000
  const recent = (minute: number) => new Date(now - (12 - minute) * 1000).toISOString()
  for (const events of [visits(recent), visits(onIsolatedDay)]) {
    const { error } = await service.rpc('record_analytics', { events })
    if (error) throw new Error(error.message)
  }
  for (const created_at of [new Date(now).toISOString(), onIsolatedDay(4)]) {
    const { data, error } = await service
      .from('leads')
      .insert({ name: `Analítica ${runId}`, email: `analitica.${runId}@example.com`, message: 'Hola', page_path: landing, created_at })
      .select('id')
      .single()
    if (error) throw new Error(error.message)
    leadIds.push(data.id)
  }
})

test.afterAll(async () => {
  await serviceClient(base).from('leads').delete().in('id', leadIds)
  await page.context().close()
})

const table = (title: string) => page.getByRole('region', { name: title, exact: true })
const row = (region: Locator, name: string) => region.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) })
const figure = (id: string) => page.getByTestId(`analytics-${id}`)

async function openAnalytics() {
  await page.getByRole('tab', { name: 'Analítica', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Analítica', level: 2 })).toBeVisible()
}

async function choosePeriod(name: string) {
  await page.getByRole('group', { name: 'Periodo' }).getByRole('button', { name, exact: true }).click()
  await expect(page.getByTestId('analytics-period')).toContainText('Periodo:')
}

test("today's figures are the ones before plus the visits seeded, compared with yesterday's", async () => {
  await openAnalytics()
  await choosePeriod('Hoy')
  const now: Totals = {
    visitors: before.visitors + added.visitors,
    pageviews: before.pageviews + added.pageviews,
    converted: before.converted + added.converted,
    leads: before.leads + added.leads,
  }
  await expect(figure('visitors')).toHaveText(count(now.visitors))
  await expect(figure('pageviews')).toHaveText(count(now.pageviews))
  await expect(figure('converted')).toHaveText(count(now.converted))
  await expect(figure('rate')).toHaveText(formatRate(now.converted, now.visitors))
  await expect(figure('leads')).toHaveText(count(now.leads))
  // The change is written out, for a screen reader too.
  const change = countChange(now.visitors, previous.visitors)
  const card = page
    .getByRole('list', { name: 'Cifras del periodo' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: 'Visitantes', exact: true }) })
  await expect(card).toContainText(change.text)
  await expect(card).toContainText(change.spoken)

  const chart = page.getByRole('img', { name: /^Visitantes y páginas vistas por día, el / })
  await expect(chart).toBeVisible()
  await page.getByText('Ver los datos del gráfico').click()
  const data = page.getByRole('region', { name: 'Datos del gráfico' })
  await expect(data.getByRole('row')).toHaveCount(2)
  await expect(data.getByRole('row').last().getByRole('cell')).toHaveText([
    count(now.visitors),
    count(now.pageviews),
    count(now.converted),
    count(now.leads),
  ])

  const pages = table('Páginas más visitadas')
  // Every row of every table, whatever else was counted today.
  for (const more of await page.getByRole('button', { name: /^Mostrar las \d+ filas$/ }).all()) await more.click()
  await expect(row(pages, landing).getByRole('cell')).toHaveText(['4', '5', '1', formatRate(1, 4)])

  await chooseOption(page, 'Página', landing)
  const funnel = page.getByTestId('analytics-funnel').getByRole('listitem')
  await expect(funnel).toHaveText([
    /Visitantes\s*4$/,
    /Vieron el formulario\s*1\s*25\s%$/,
    /Lo empezaron\s*1\s*25\s%$/,
    /Lo enviaron \(contactos\)\s*1\s*25\s%$/,
  ])
  await expect(page.getByTestId('analytics-clicks').locator('dd')).toHaveText(['1', '1', '1', '1'])

  await expect(row(table('Fuentes'), source).getByRole('cell')).toHaveText(['1', '2', '1', formatRate(1, 1)])
  await expect(row(table('Fuentes'), evilReferrer).getByRole('cell')).toHaveText(['1', '1', '0', formatRate(0, 1)])
  await expect(row(table('Campañas UTM'), campaign).getByRole('cell')).toHaveText(['1', '2', '1', formatRate(1, 1)])
  // Devices and browsers are shared with the rest of today's visits: the tab shows what the report says.
  const todays = await report(today, today)
  for (const [title, dimension] of [
    ['Dispositivos', 'device'],
    ['Navegadores', 'browser'],
  ] as const) {
    for (const d of todays.dimensions[dimension] ?? []) {
      await expect(row(table(title), d.value).getByRole('cell')).toHaveText([
        count(d.visitors),
        count(d.pageviews),
        count(d.converted),
        formatRate(d.converted, d.visitors),
      ])
    }
  }
  await expectAccessible(page, 'Analítica, hoy')
  expect(dialogs).toEqual([])
})

test('a custom range on a day of its own shows exactly its visits, and the CSV has the same figures', async () => {
  await choosePeriod('Personalizado')
  await page.getByLabel('Desde').fill(isolatedDay)
  await page.getByLabel('Hasta').fill(isolatedDay)
  await expect(page.getByTestId('analytics-period')).toContainText(/Periodo: el .* \(1 día\)/)
  await expect(figure('visitors')).toHaveText('4')
  await expect(figure('pageviews')).toHaveText('5')
  await expect(figure('converted')).toHaveText('3')
  await expect(figure('rate')).toHaveText(formatRate(3, 4))
  await expect(figure('leads')).toHaveText('1')

  await expect(table('Páginas más visitadas').getByRole('row')).toHaveCount(2)
  await expect(row(table('Páginas más visitadas'), landing).getByRole('cell')).toHaveText(['4', '5', '1', formatRate(1, 4)])
  await expect(page.getByRole('combobox', { name: 'Página' })).toHaveText(landing)
  await expect(page.getByTestId('analytics-funnel').getByRole('listitem')).toHaveText([/4$/, /1\s*25\s%$/, /1\s*25\s%$/, /1\s*25\s%$/])
  await expect(table('Fuentes').getByRole('rowheader')).toHaveCount(4)
  for (const name of [`buscador-${runId}.example`, evilReferrer, `red-${runId}.example`]) {
    await expect(row(table('Fuentes'), name).getByRole('cell')).toHaveText([
      '1',
      '1',
      name === evilReferrer ? '0' : '1',
      formatRate(name === evilReferrer ? 0 : 1, 1),
    ])
  }
  await expect(row(table('Fuentes'), source).getByRole('cell')).toHaveText(['1', '2', '1', formatRate(1, 1)])
  await expect(table('Campañas UTM').getByRole('rowheader')).toHaveText([campaign])
  await expect(row(table('Dispositivos'), 'ordenador').getByRole('cell')).toHaveText(['2', '2', '2', formatRate(2, 2)])
  await expect(row(table('Dispositivos'), 'móvil').getByRole('cell')).toHaveText(['1', '2', '1', formatRate(1, 1)])
  await expect(row(table('Dispositivos'), 'tableta').getByRole('cell')).toHaveText(['1', '1', '0', formatRate(0, 1)])
  await expect(row(table('Navegadores'), 'Chrome').getByRole('cell')).toHaveText(['2', '2', '2', formatRate(2, 2)])

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
  expect(download.suggestedFilename()).toBe(`analitica-${isolatedDay}-${isolatedDay}.csv`)
  const text = (await readFile(await download.path())).toString('utf8')
  const rows = Papa.parse<string[]>(text.replace(/^\uFEFF/, '').trimEnd(), { delimiter: ';' }).data
  expect(rows[0]?.slice(0, 6)).toEqual(['Tipo', 'Valor', 'Visitantes', 'Páginas vistas', 'Conversiones', 'Contactos'])
  expect(rows.find((r) => r[0] === 'Periodo')?.slice(2, 6)).toEqual(['4', '5', '3', '1'])
  expect(rows.find((r) => r[0] === 'Página' && r[1] === landing)).toEqual(['Página', landing, '4', '5', '', '1', '1', '1', '1', '1', '1', '1'])
  expect(rows.find((r) => r[0] === 'Campaña')?.slice(1, 5)).toEqual([campaign, '1', '2', '1'])

  // A range the report refuses is not asked for.
  await page.getByLabel('Desde').fill('2026-12-31')
  await page.getByLabel('Hasta').fill('2026-01-01')
  await expect(page.getByRole('alert').filter({ hasText: 'La fecha de inicio debe ser anterior o igual a la de fin.' })).toBeVisible()
  expect(dialogs).toEqual([])
})
