// A person's data on request, in Chromium against `npm start`: a visitor sends the contact form (her lead is
// stored, its notification queued and received by a real SMTP server started here), staff find everything held
// about her address, download it (JSON and a readable summary), and the demo admin erases it all after typing
// the address. Then nothing in the database, the mail queue, the webhook payloads or the outbox folder names
// her, the log of requests holds no personal data, and someone else's lead is untouched.
import { createClient } from '@supabase/supabase-js'
import type { Page } from '@playwright/test'
import { existsSync, readFileSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ws from 'ws'
import { expect as baseExpect, test, workerDataDir } from '../fixtures'
import { SmtpInbox } from '../smtp-inbox'
import { expectAccessible, photograph, runId, signedInStaffPage } from './helpers'

test.describe.configure({ mode: 'serial', timeout: 240_000 })
const expect = baseExpect.configure({ timeout: 15_000 })

const person = { name: `Marta Borrado ${runId}`, email: `marta.${runId}@example.com`, message: `Quiero una web nueva ${runId}` }
/** Someone else, whose address contains hers but for one letter. */
const other = { name: `Marta Otra ${runId}`, email: `martax.${runId}@example.com`, message: `Otra consulta ${runId}`, page_path: '/' }
const inbox = new SmtpInbox()
let page: Page
let otherId = ''

function serviceClient(url: string) {
  const { serviceRoleKey } = JSON.parse(readFileSync(join(workerDataDir(), 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

test.beforeAll(async ({ browser, server, baseURL }) => {
  await inbox.listen(server.smtpPort)
  const { data, error } = await serviceClient(baseURL!).from('leads').insert(other).select('id').single()
  if (error) throw new Error(error.message)
  otherId = data.id
  page = await signedInStaffPage(browser)
})
test.afterAll(async ({ baseURL }) => {
  await serviceClient(baseURL!).from('leads').delete().eq('id', otherId)
  await page.context().close()
  await inbox.close()
})

const dialog = () => page.getByRole('dialog', { name: 'Datos de una persona' })
/** The tab's name carries its unread count («Contactos 2 nuevos»). */
const openContactos = () => page.getByRole('tab', { name: /^Contactos/ }).click()

async function downloaded(button: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent('download'), dialog().getByRole('button', { name: button }).click()])
  return readFile(await file.path(), 'utf8')
}

test('a visitor’s enquiry reaches the team by e-mail', async ({ browser }) => {
  const visitor = await (await browser.newContext()).newPage()
  await visitor.goto('/shopify')
  await visitor.getByLabel('Nombre *').fill(person.name)
  await visitor.getByLabel('Email *').fill(person.email)
  await visitor.getByLabel('Mensaje *').fill(person.message)
  await visitor.getByLabel(/He leído y acepto/).check()
  // The time token refuses a form sent sooner than a person could type it.
  await visitor.waitForTimeout(3000)
  await visitor.locator('#contacto form').getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(visitor.locator('#contacto-enviado')).toBeVisible()
  await visitor.context().close()
  const mail = await inbox.latest('ventas@example.com', new RegExp(`Nuevo contacto: ${person.name}`))
  expect(JSON.stringify(mail.replyTo)).toContain(person.email)
})

test('staff open her data from the lead, see the lead and its e-mail, and download both files', async () => {
  await openContactos()
  await page.getByRole('button', { name: `Ver el contacto de «${person.name}»` }).click()
  await page.getByRole('button', { name: 'Sus datos (acceso y supresión)' }).click()
  await expect(dialog().getByRole('heading', { name: person.email })).toBeVisible()
  await expect(dialog()).toContainText('Se guarda: 1 contacto y 1 correo.')
  await expect(dialog().getByRole('list', { name: 'Sus contactos' })).toContainText(person.name)
  await expect(dialog().getByRole('list', { name: 'Correos que la mencionan' })).toContainText(`Nuevo contacto: ${person.name}`)
  await expectAccessible(page, 'Datos de una persona')
  await photograph(page, 'datos-de-una-persona')

  const json = JSON.parse(await downloaded('Descargar sus datos (JSON)')) as {
    address: string
    leads: { name: string; email: string; message: string }[]
    mail: { message: { replyTo: string } }[]
  }
  expect(json.address).toBe(person.email)
  expect(json.leads).toEqual([expect.objectContaining({ name: person.name, email: person.email, message: person.message })])
  expect(json.mail).toEqual([expect.objectContaining({ message: expect.objectContaining({ replyTo: person.email }) })])
  const summary = await downloaded('Descargar resumen legible')
  expect(summary).toContain(`Datos personales que`)
  expect(summary).toContain(person.message)
  for (const text of [JSON.stringify(json), summary]) expect(text).not.toContain(other.email)
  await expect(dialog().getByRole('list', { name: 'Últimas solicitudes' })).toContainText('Exportación por admin@example.com: 1 contacto, 1 correo')
})

test('the erasure asks for her address, then nothing anywhere names her; the log keeps counts only', async ({ baseURL, server }) => {
  await dialog().getByRole('button', { name: 'Borrar todos sus datos' }).click()
  const erase = dialog().getByRole('button', { name: 'Borrar definitivamente' })
  await expect(erase).toBeDisabled()
  await dialog().getByLabel('Escribe su dirección de correo para confirmar').fill(person.email.toUpperCase())
  await photograph(page, 'datos-de-una-persona-borrar')
  await erase.click()
  await expect(dialog().getByRole('status')).toContainText(`Datos de ${person.email} borrados. Se ha borrado: 1 contacto, 1 correo`)
  await photograph(page, 'datos-de-una-persona-borrados')
  await expect(dialog().getByRole('list', { name: 'Últimas solicitudes' })).toContainText('Borrado por admin@example.com: 1 contacto, 1 correo')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('heading', { level: 2, name: 'Contactos' })).toBeVisible()
  await expect(page.getByRole('button', { name: `Ver el contacto de «${person.name}»` })).toHaveCount(0)

  const service = serviceClient(baseURL!)
  const named = (value: unknown) => JSON.stringify(value).toLowerCase().includes(person.email)
  const { data: leads } = await service.from('leads').select('*')
  expect(leads!.filter(named)).toEqual([])
  expect(leads!.some((l) => l.id === otherId)).toBe(true)
  const { data: queued } = await service.from('mail_queue').select('message')
  expect(queued!.filter(named)).toEqual([])
  const { data: deliveries } = await service.from('webhook_deliveries').select('payload')
  expect(deliveries!.filter(named)).toEqual([])
  const { data: log } = await service.from('data_subject_requests').select('*').order('created_at', { ascending: false }).limit(2)
  expect(log!.map((entry) => entry.kind)).toEqual(['erasure', 'export'])
  expect(log!.filter(named)).toEqual([])
  expect(JSON.stringify(log)).not.toContain(person.name)
  const outbox = join(server.dataDir, 'outbox')
  const files = existsSync(outbox) ? await readdir(outbox) : []
  for (const file of files) expect((await readFile(join(outbox, file), 'utf8')).toLowerCase(), file).not.toContain(person.email)
})

test('a search by address finds only that address: a wildcard finds nobody, and what is not an address is refused in Spanish', async () => {
  await openContactos()
  await page.getByRole('button', { name: 'Datos de una persona' }).click()
  const address = dialog().getByLabel('Dirección de correo')
  await address.fill(`%@example.com`)
  await dialog().getByRole('button', { name: 'Buscar' }).click()
  await expect(dialog()).toContainText('El sitio no guarda ningún dato con esta dirección.')
  await address.fill('marta')
  await dialog().getByRole('button', { name: 'Buscar' }).click()
  await expect(dialog().getByText(/No es una dirección de correo válida/)).toBeVisible()
  await address.fill(other.email)
  await dialog().getByRole('button', { name: 'Buscar' }).click()
  await expect(dialog()).toContainText('Se guarda: 1 contacto y 0 correos.')
  await expect(dialog().getByRole('list', { name: 'Sus contactos' })).toContainText(other.name)
  await expectAccessible(page, 'Datos de una persona (búsqueda)')
  await photograph(page, 'datos-de-una-persona-busqueda')
})
