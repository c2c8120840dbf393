import { createClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import { expect as baseExpect, test, workerDataDir } from '../fixtures'
import Papa from 'papaparse'
import { readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ws from 'ws'
import { confirm, demoStaff, expectAccessible, expectToast, rest, restCount, runId, signedInStaffPage } from './helpers'

// The Contactos tab, walked by one signed-in member of staff. Leads are stored as the site server stores
// them: with the service-role key (read from the e2e server's data folder), through supabase-js.
test.describe.configure({ mode: 'serial', timeout: 120_000 })
// Generous waits: each step reloads the list through the embedded backend, on machines shared with other work.
const expect = baseExpect.configure({ timeout: 15_000 })

const SCREENS = join('test-results', 'screens')
let page: Page
let base: string
const dialogs: string[] = []

function serviceClient(url: string) {
  const { serviceRoleKey } = JSON.parse(readFileSync(join(workerDataDir(), 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

/** What a visitor could type to make the admin run script; every field a lead has gets one. */
const xss = (field: string) => `<img src=x onerror="alert('${field}')"><script>alert('${field}')</script>`

const lead = {
  name: `Ana Contacto ${runId}`,
  email: `ana.${runId}@example.com`,
  company: `Tiendas Gómez ${runId}`,
  phone: '612 34 56 78',
  service: 'shopify',
  message: `Quiero migrar mi tienda a Shopify.\nSegunda línea ${runId}`,
  page_path: '/shopify',
  referrer: 'https://www.google.com/',
  utm_source: 'google',
  utm_medium: 'cpc',
  utm_campaign: `otono-${runId}`,
}
const ids: Record<'main' | 'other' | 'evil', string> = { main: '', other: '', evil: '' }

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(120_000)
  base = baseURL!
  const service = serviceClient(base)
  const insert = async (row: Record<string, unknown>) => {
    const { data, error } = await service.from('leads').insert(row).select('id').single()
    if (error) throw new Error(error.message)
    return data.id
  }
  ids.main = await insert(lead)
  ids.other = await insert({
    name: `Luis Otro ${runId}`,
    email: `luis.${runId}@example.org`,
    message: `Consulta general ${runId}`,
    page_path: '/',
    status: 'contactado',
  })
  ids.evil = await insert({
    name: `${xss('name')} ${runId}`,
    email: `${xss('email')}@example.com`,
    company: xss('company'),
    phone: '<b>1</b>',
    service: xss('service'),
    message: `${xss('message')} ${runId}`,
    page_path: `/${xss('page')}`,
    referrer: `javascript:alert('referrer')`,
    utm_source: xss('utm'),
    utm_campaign: xss('utm'),
    verified: false,
  })
  page = await signedInStaffPage(browser)
  await page.setViewportSize({ width: 1440, height: 900 })
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
})
test.afterAll(async () => {
  await serviceClient(base).from('leads').delete().in('id', Object.values(ids))
  await page.context().close()
})

const leadsTab = () => page.getByRole('tab', { name: /^Contactos/ })
/** The tab's name with its unread badge read out. */
const tabName = (unread: number) => (unread === 0 ? 'Contactos' : `Contactos ${unread} ${unread === 1 ? 'nuevo' : 'nuevos'}`)
const card = (name: string) => page.getByRole('list', { name: 'Contactos' }).getByRole('listitem').filter({ hasText: name })

async function openLead(name: string) {
  await card(name)
    .getByRole('button', { name: `Ver el contacto de «${name}»` })
    .click()
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible()
}

test('dashboard and tab show the unread count; the dashboard counts leads per page and service', async () => {
  const unread = await restCount(page, 'leads', '&status=eq.nuevo')
  expect(unread).toBeGreaterThanOrEqual(2)
  await expect(page.getByTestId('stat-Contactos nuevos')).toHaveText(String(unread))
  await expect(leadsTab()).toHaveAccessibleName(tabName(unread))
  const byPage = page.getByRole('region', { name: 'Por página (últimos 30 días)' })
  await expect(byPage.getByRole('listitem').filter({ hasText: '/shopify' })).toBeVisible()
  const byService = page.getByRole('region', { name: 'Por servicio (últimos 30 días)' })
  await expect(byService.getByRole('listitem').filter({ hasText: 'Desarrollo Shopify' })).toBeVisible()
  await expectAccessible(page, 'Dashboard con contactos')
})

test('a lead appears in the tab, new first, with its page and service; filters and search narrow the list', async () => {
  await leadsTab().click()
  await expect(page.getByRole('heading', { name: 'Contactos', level: 2 })).toBeVisible()
  const main = card(lead.name)
  await expect(main).toContainText('Nuevo')
  await expect(main).toContainText('desde /shopify')
  await expect(main).toContainText('Desarrollo Shopify')
  await expect(main).toContainText(lead.company)
  // New ones before the contacted one.
  const names = await page.getByRole('list', { name: 'Contactos' }).getByRole('heading').allTextContents()
  expect(names.indexOf(lead.name)).toBeLessThan(names.indexOf(`Luis Otro ${runId}`))
  await expectAccessible(page, 'Contactos (lista)')

  const search = page.getByRole('searchbox', { name: 'Buscar' })
  await search.fill(`gomez ${runId}`)
  await expect(page.getByRole('list', { name: 'Contactos' }).getByRole('listitem')).toHaveCount(1)
  await expect(card(lead.name)).toBeVisible()
  await search.fill(`segunda linea ${runId}`)
  await expect(card(lead.name)).toBeVisible()
  await search.fill(runId)
  await expect(page.getByRole('list', { name: 'Contactos' }).getByRole('listitem')).toHaveCount(3)

  await page.getByRole('combobox', { name: 'Estado' }).click()
  await page.getByRole('option', { name: 'Contactado', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Contactos' }).getByRole('listitem')).toHaveCount(1)
  await expect(card(`Luis Otro ${runId}`)).toBeVisible()
  await expect(page.getByRole('status').filter({ hasText: '1 contacto con estos filtros' })).toBeVisible()

  await page.getByRole('combobox', { name: 'Estado' }).click()
  await page.getByRole('option', { name: 'Todos', exact: true }).click()
  await page.getByRole('combobox', { name: 'Servicio' }).click()
  await page.getByRole('option', { name: 'Desarrollo Shopify', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Contactos' }).getByRole('listitem')).toHaveCount(1)
  await expect(card(lead.name)).toBeVisible()
  await page.getByRole('combobox', { name: 'Servicio' }).click()
  await page.getByRole('option', { name: 'Sin servicio', exact: true }).click()
  await expect(card(`Luis Otro ${runId}`)).toBeVisible()
  await expect(card(lead.name)).toHaveCount(0)
  await page.getByRole('combobox', { name: 'Servicio' }).click()
  await page.getByRole('option', { name: 'Todos los servicios', exact: true }).click()
  await page.screenshot({ path: join(SCREENS, 'contactos-lista-1440.png'), fullPage: true })
})

test('the CSV export is the filtered list, for Spanish Excel: BOM, «;», CRLF, quoted, formula-safe', async () => {
  await expect(page.getByRole('list', { name: 'Contactos' }).getByRole('listitem')).toHaveCount(3)
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar CSV' }).click()])
  expect(download.suggestedFilename()).toMatch(/^contactos-\d{4}-\d{2}-\d{2}\.csv$/)
  const bytes = await readFile(await download.path())
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
  const text = bytes.toString('utf8').slice(1)
  expect(text.split('\r\n')[0]).toMatch(/^"Fecha";"Estado";"Nombre";"Email";"Empresa";"Teléfono";"Servicio";"Mensaje";"Página"/)
  expect(text.replace(/"[^"]*"/g, '')).toMatch(/^(;|\r\n)*$/) // every field quoted, nothing between fields but «;» and CRLF
  const [header, ...rows] = Papa.parse<string[]>(text.trimEnd(), { delimiter: ';' }).data
  expect(rows).toHaveLength(3)
  const record = (name: string) => Object.fromEntries(header!.map((h, i) => [h, rows.find((r) => r.includes(name))![i]]))
  const main = record(lead.name)
  expect(main).toMatchObject({
    Estado: 'Nuevo',
    Email: lead.email,
    Empresa: lead.company,
    Teléfono: lead.phone,
    Mensaje: lead.message,
    Página: '/shopify',
    utm_campaign: lead.utm_campaign,
    Verificado: 'Sí',
  })
  expect(main.Servicio).toBe('Desarrollo Shopify')
  expect(main.Fecha).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
  expect(record(`Luis Otro ${runId}`).Estado).toBe('Contactado')
  // A visitor's «=…», «+…», «-…» or «@…» is text in a spreadsheet, never a formula.
  const evil = record(`${xss('name')} ${runId}`)
  expect(evil.Nombre).toBe(`${xss('name')} ${runId}`)
  expect(evil.Verificado).toBe('No')
})

test('a lead’s detail shows every field, where it came from, its Madrid date and reply links; the address names it', async () => {
  await openLead(lead.name)
  await expect(page).toHaveURL(new RegExp(`/admin\\?lead=${ids.main}$`))
  const detail = page.getByRole('region', { name: lead.name })
  const fact = (term: string) => detail.locator('dt', { hasText: new RegExp(`^${term}`) }).locator('xpath=following-sibling::dd')
  await expect(fact('Email')).toHaveText(lead.email)
  await expect(fact('Empresa')).toHaveText(lead.company)
  await expect(fact('Teléfono')).toHaveText(lead.phone)
  await expect(fact('Servicio')).toHaveText('Desarrollo Shopify')
  await expect(fact('Mensaje')).toHaveText(lead.message)
  await expect(fact('Página')).toContainText('/shopify')
  await expect(fact('Referente')).toHaveText(lead.referrer)
  await expect(fact('Fuente')).toHaveText('google')
  await expect(fact('Medio')).toHaveText('cpc')
  await expect(fact('Campaña')).toHaveText(lead.utm_campaign)
  const { created_at } = ((await rest(page, 'GET', `leads?id=eq.${ids.main}&select=created_at`)).body as { created_at: string }[])[0]!
  const madrid = new Intl.DateTimeFormat('es-ES', {
    timeZone: 'Europe/Madrid',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
  await expect(detail.getByText(`Recibido el ${madrid.format(new Date(created_at))} (hora de Madrid)`)).toBeVisible()

  const mail = detail.getByRole('link', { name: 'Responder por email' })
  expect(await mail.getAttribute('href')).toMatch(new RegExp(`^mailto:ana\\.${runId}@example\\.com\\?subject=Tu%20consulta%20sobre%20`))
  await expect(detail.getByRole('link', { name: 'Llamar' })).toHaveAttribute('href', 'tel:+34612345678')
  await expect(detail.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /^https:\/\/wa\.me\/34612345678\?text=Hola%2C%20Ana/)
  await expectAccessible(page, 'Contactos (detalle)')
  await page.screenshot({ path: join(SCREENS, 'contactos-detalle-1440.png'), fullPage: true })
})

test('status change and notes are saved; notes another person changed meanwhile are never overwritten', async () => {
  const before = await restCount(page, 'leads', '&status=eq.nuevo')
  await page.getByRole('combobox', { name: 'Estado' }).click()
  await page.getByRole('option', { name: 'Contactado', exact: true }).click()
  await expectToast(page, 'Estado actualizado')
  await expect.poll(async () => (await rest(page, 'GET', `leads?id=eq.${ids.main}&select=status`)).body).toEqual([{ status: 'contactado' }])
  await expect(leadsTab()).toHaveAccessibleName(tabName(before - 1))

  const notes = page.getByRole('textbox', { name: 'Notas' })
  await notes.fill('Llamado el lunes; enviar presupuesto.')
  await page.getByRole('button', { name: 'Guardar notas' }).click()
  await expectToast(page, 'Notas guardadas')
  const stored = async () => ((await rest(page, 'GET', `leads?id=eq.${ids.main}&select=notes`)).body as { notes: string }[])[0]!.notes
  expect(await stored()).toBe('Llamado el lunes; enviar presupuesto.')

  // A colleague saves other notes while this page still shows the old ones.
  await serviceClient(base).from('leads').update({ notes: 'Nota de un compañero' }).eq('id', ids.main)
  await notes.fill('Mi versión')
  await page.keyboard.press('Control+s')
  const alert = page.getByRole('alert').filter({ hasText: 'Otra persona ha cambiado estas notas' })
  await expect(alert).toContainText('Nota de un compañero')
  expect(await stored()).toBe('Nota de un compañero')
  await expect(notes).toHaveValue('Mi versión')
  await notes.fill('Nota de un compañero\nMi versión')
  await page.getByRole('button', { name: 'Guardar notas' }).click()
  await expectToast(page, 'Notas guardadas')
  await expect(alert).toHaveCount(0)
  expect(await stored()).toBe('Nota de un compañero\nMi versión')
})

test('a link to a lead opens it, also after signing in', async ({ browser }) => {
  await page.goto(`/admin?lead=${ids.main}`)
  await expect(page.getByRole('heading', { level: 2, name: lead.name })).toBeVisible()
  await page.getByRole('button', { name: 'Volver a Contactos' }).click()
  await expect(page).toHaveURL(/\/admin$/)

  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto(`/admin?lead=${ids.main}`)
  await expect(visitor).toHaveURL(new RegExp(`/auth\\?lead=${ids.main}$`))
  await visitor.getByLabel('Email').fill(demoStaff.email)
  await visitor.getByLabel('Contraseña').fill(demoStaff.password)
  await visitor.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last().click()
  await expect(visitor.getByRole('heading', { level: 2, name: lead.name })).toBeVisible()
  await expect(visitor).toHaveURL(new RegExp(`/admin\\?lead=${ids.main}$`))
  await visitor.context().close()
})

test('whatever a visitor typed is shown as text: HTML and script in every field fire nothing', async () => {
  await page.goto(`/admin?lead=${ids.evil}`)
  const name = `${xss('name')} ${runId}`
  const detail = page.getByRole('region', { name })
  await expect(detail.getByRole('heading', { level: 2 })).toHaveText(name)
  await expect(detail.getByText(`${xss('message')} ${runId}`)).toBeVisible()
  await expect(detail.getByText(`${xss('company')}`)).toBeVisible()
  await expect(detail.getByText('Sin verificar')).toBeVisible()
  // The referrer is text, never a link; the page path is not a link either when it is not a path of this site.
  await expect(detail.getByText("javascript:alert('referrer')")).toBeVisible()
  await expect(detail.locator('a[href^="javascript:"]')).toHaveCount(0)
  await expect(detail.locator('img, script:not([src])')).toHaveCount(0)
  await page.getByRole('button', { name: 'Volver a Contactos' }).click()
  await page.getByRole('searchbox', { name: 'Buscar' }).fill(runId)
  await expect(card(name)).toBeVisible()
  await expect(page.locator('main img')).toHaveCount(0)
  expect(dialogs).toEqual([])
})

test('delete asks first; confirmed, the lead is erased', async () => {
  await openLead(`Luis Otro ${runId}`)
  await page.getByRole('button', { name: 'Eliminar contacto' }).click()
  await confirm(page, `¿Eliminar el contacto de «Luis Otro ${runId}»?`, 'Cancelar')
  expect(await restCount(page, 'leads', `&id=eq.${ids.other}`)).toBe(1)
  await page.getByRole('button', { name: 'Eliminar contacto' }).click()
  await confirm(page, `¿Eliminar el contacto de «Luis Otro ${runId}»?`, 'Eliminar')
  await expectToast(page, 'Contacto eliminado')
  expect(await restCount(page, 'leads', `&id=eq.${ids.other}`)).toBe(0)
  await expect(card(`Luis Otro ${runId}`)).toHaveCount(0)
})

test('at 390 px the list and a lead fit the screen', async () => {
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('searchbox', { name: 'Buscar' }).fill('')
  await expect(card(lead.name)).toBeVisible()
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
  expect(await fits()).toBe(true)
  await page.screenshot({ path: join(SCREENS, 'contactos-lista-390.png'), fullPage: true })
  await openLead(lead.name)
  expect(await fits()).toBe(true)
  await expectAccessible(page, 'Contactos (detalle, 390 px)')
  await page.screenshot({ path: join(SCREENS, 'contactos-detalle-390.png'), fullPage: true })
})
