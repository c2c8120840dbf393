// Webhooks in Chromium against `npm start`, with real HTTP receivers started by the test (loopback is allowed for
// them by the test-only WEBHOOKS_ALLOW_LOOPBACK): an admin adds an endpoint in Integraciones and sees its secret
// once; a new lead reaches the receiver signed, and the receiver verifies it with the standardwebhooks package; a
// receiver that fails is retried until it answers, as the delivery log shows; «Enviar prueba» and «Reenviar» reach
// the receiver again, as new attempts in the log; a private address is refused with the reason. Screens checked with axe and photographed at 1440 and 390 px.
import type { Page } from '@playwright/test'
import { createClient } from '@supabase/supabase-js'
import { readFileSync } from 'node:fs'
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { Webhook } from 'standardwebhooks'
import ws from 'ws'
import { expect, test, workerDataDir } from '../fixtures'
import { expectAccessible, expectToast, openTab, photograph, runId, signedInStaffPage } from './helpers'

interface Received {
  body: string
  headers: IncomingHttpHeaders
}

/** An HTTP receiver on this machine that records each request and answers what `status` says for it (1st, 2nd…). */
async function receiver(status: (n: number) => number) {
  const received: Received[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ body, headers: req.headers })
      res.writeHead(status(received.length), { 'content-type': 'text/plain' }).end(`recibido ${received.length}`)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`
  return { url, received, close: () => new Promise((resolve) => server.close(resolve)) }
}

function serviceClient(url: string) {
  const { serviceRoleKey } = JSON.parse(readFileSync(join(workerDataDir(), 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient(url, serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

const endpointCard = (page: Page, name: string) => page.getByRole('list', { name: 'Integraciones' }).getByRole('listitem').filter({ hasText: name })
const logEntry = (page: Page, endpoint: string) => page.getByTestId('webhook-delivery').filter({ hasText: `→ ${endpoint}` })

/** Adds an endpoint through the form; returns the secret the panel shows once. */
async function addEndpoint(page: Page, name: string, url: string): Promise<string> {
  await page.getByRole('button', { name: 'Nueva integración' }).click()
  await page.getByLabel('Nombre').fill(name)
  await page.getByLabel('URL').fill(url)
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Integración añadida')
  const secret = (await page.getByTestId('webhook-secret').textContent()) ?? ''
  await page.getByRole('button', { name: 'Ya lo he guardado' }).click()
  return secret
}

let page: Page
const receivers: { close(): Promise<unknown> }[] = []

test.describe.configure({ mode: 'serial', timeout: 120_000 })
test.beforeAll(async ({ browser }) => {
  page = await signedInStaffPage(browser)
  await openTab(page, 'Integraciones')
})
test.afterAll(async () => {
  await Promise.all(receivers.map((r) => r.close()))
})

test('a new lead reaches the endpoint signed, and the receiver verifies it with standardwebhooks', async ({ baseURL }) => {
  const crm = await receiver(() => 200)
  receivers.push(crm)
  const name = `CRM ${runId}`
  const secret = await addEndpoint(page, name, crm.url)
  expect(secret).toMatch(/^whsec_/)
  await expect(endpointCard(page, name)).toContainText('Activa', { timeout: 15_000 })

  const email = `lucia.${runId}@example.com`
  const { error } = await serviceClient(baseURL!).from('leads').insert({ name: 'Lucía Webhook', email, message: 'Hola', page_path: '/contacto' })
  expect(error).toBeNull()
  await expect.poll(() => crm.received.length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1)

  const [first] = crm.received
  const verified = new Webhook(secret).verify(first!.body, first!.headers as Record<string, string>) as { type: string; data: { email: string } }
  expect(verified).toMatchObject({ type: 'lead.created', data: { email } })
  // Signed with another secret, the same request does not verify.
  expect(() => new Webhook(`whsec_${Buffer.alloc(32, 1).toString('base64')}`).verify(first!.body, first!.headers as Record<string, string>)).toThrow()

  await expect(logEntry(page, name).first()).toContainText('Entregado', { timeout: 15_000 })
  await expectAccessible(page, 'Integraciones')
})

test('a receiver that fails is retried, then reached, and the log shows each attempt', async ({ baseURL }) => {
  const flaky = await receiver((n) => (n === 1 ? 500 : 200))
  receivers.push(flaky)
  const name = `Hoja de cálculo ${runId}`
  await addEndpoint(page, name, flaky.url)
  await expect(endpointCard(page, name)).toContainText('Activa', { timeout: 15_000 })

  await serviceClient(baseURL!)
    .from('leads')
    .insert({ name: 'Pablo Reintento', email: `pablo.${runId}@example.com`, message: 'Hola', page_path: '/' })
  const entry = logEntry(page, name).first()
  // The first attempt gets a 500; the retry 5 s later a 200.
  await expect(entry).toContainText('Respuesta HTTP 500', { timeout: 15_000 })
  await expect(entry).toContainText('Entregado', { timeout: 30_000 })
  await expect(entry).toContainText('2 intentos')
  await entry.getByText('Ver intentos').click()
  await expect(entry.getByRole('listitem')).toHaveCount(2)
  await expect(entry).toContainText('código 500')
  await expect(entry).toContainText('recibido 2')
  expect(flaky.received).toHaveLength(2)
  // Both attempts carry the same webhook-id, so a receiver can tell a retry from a new event.
  expect(flaky.received[0]!.headers['webhook-id']).toBe(flaky.received[1]!.headers['webhook-id'])
  await photograph(page, 'webhooks')
})

test('«Enviar prueba» and «Reenviar» deliver, signed, and the log shows each new attempt', async () => {
  const tool = await receiver(() => 200)
  receivers.push(tool)
  const name = `Automatización ${runId}`
  const secret = await addEndpoint(page, name, tool.url)
  const card = endpointCard(page, name)
  await expect(card).toContainText('Activa', { timeout: 15_000 })
  const verify = (n: number) =>
    new Webhook(secret).verify(tool.received[n]!.body, tool.received[n]!.headers as Record<string, string>) as {
      type: string
      data: Record<string, string>
    }

  await card.getByRole('button', { name: 'Enviar prueba' }).click()
  await expectToast(page, 'Prueba en cola')
  await expect.poll(() => tool.received.length, { timeout: 15_000 }).toBe(1)
  expect(verify(0)).toMatchObject({ type: 'webhook.test', data: { endpoint: name } })
  const entry = logEntry(page, name)
  await expect(entry).toHaveCount(1)
  await expect(entry).toContainText('Prueba')
  await expect(entry).toContainText('Entregado', { timeout: 15_000 })
  await expect(entry).toContainText('1 intento')

  await entry.getByRole('button', { name: 'Reenviar' }).click()
  await expectToast(page, 'Reenvío en cola')
  await expect.poll(() => tool.received.length, { timeout: 15_000 }).toBe(2)
  expect(verify(1)).toMatchObject({ type: 'webhook.test', data: { endpoint: name } })
  // The same delivery again: the receiver can tell it by its webhook-id.
  expect(tool.received[1]!.headers['webhook-id']).toBe(tool.received[0]!.headers['webhook-id'])
  await expect(entry).toContainText('2 intentos', { timeout: 15_000 })
  await expect(entry).toContainText('Entregado')
  await entry.getByText('Ver intentos').click()
  await expect(entry.getByRole('listitem')).toHaveCount(2)
  await expect(entry.getByRole('listitem').first()).toContainText('recibido 2')
  await expectAccessible(page, 'Integraciones after a test and a resend')
})

test('an endpoint that is http, or points at a private address, is refused with the reason', async () => {
  await page.getByRole('button', { name: 'Nueva integración' }).click()
  await page.getByLabel('Nombre').fill(`Interna ${runId}`)
  await page.getByLabel('URL').fill('http://crm.example.com/hook')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expect(page.getByText('La dirección debe empezar por https://.')).toBeVisible()

  await page.getByLabel('URL').fill('https://10.1.2.3/hook')
  await page.getByRole('button', { name: 'Guardar' }).click()
  await expectToast(page, 'Integración añadida')
  await page.getByRole('button', { name: 'Ya lo he guardado' }).click()
  const card = endpointCard(page, `Interna ${runId}`)
  await expect(card).toContainText('Rechazada', { timeout: 15_000 })
  await expect(card).toContainText('red privada, local o reservada')
  await expectAccessible(page, 'Integraciones with a refused endpoint')
})
