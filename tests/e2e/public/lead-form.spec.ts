// The contact form as a visitor uses it, in Chromium against `npm start`: with JavaScript and without, from
// /shopify to a stored lead (checked with the service-role key) and a notification received by a real SMTP
// server started here, plus the form's error and success states under axe.
import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { expect, test, workerDataDir } from '../fixtures'
import { createClient } from '@supabase/supabase-js'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { SMTPServer } from 'smtp-server'
import ws from 'ws'
import { simpleParser, type ParsedMail } from 'mailparser'

const received: ParsedMail[] = []
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, done) {
    simpleParser(stream).then(
      (mail) => {
        received.push(mail)
        done()
      },
      (error: Error) => done(error),
    )
  },
})

// axe over a whole page takes tens of seconds on a loaded machine; these tests scan it three times.
test.describe.configure({ timeout: 240_000 })

test.beforeAll(({ server }) => new Promise<void>((resolve) => smtp.listen(server.smtpPort, '127.0.0.1', resolve)))
test.afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())))

function service(baseURL: string) {
  const { serviceRoleKey } = JSON.parse(readFileSync(join(workerDataDir(), 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient(baseURL, serviceRoleKey, { auth: { persistSession: false }, realtime: { transport: ws as never } })
}

/** Where a stored plain post is redirected: the page with a signed receipt, at the contact section. */
const SENT_URL = /\/shopify\?contacto=[\w.-]+#contacto$/

async function fill(page: Page, message: string) {
  await page.getByLabel('Nombre *').fill('Ana Pérez')
  await page.getByLabel('Email *').fill('ana@example.com')
  await page.getByLabel('Empresa (opcional)').fill('Tienda <b>Ana</b>')
  await page.getByLabel('Teléfono (opcional)').fill('+34 600 000 000')
  await page.getByLabel('Mensaje *').fill(message)
  await page.getByLabel(/He leído y acepto/).check()
}

async function expectNoAxeViolations(page: Page, state: string) {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'))
  const { violations } = await new AxeBuilder({ page })
    .include('#contacto')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  expect(
    violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe on the form, ${state}`,
  ).toEqual([])
}

async function storedLead(baseURL: string, message: string) {
  const { data, error } = await service(baseURL).from('leads').select('*').eq('message', message)
  if (error) throw error
  return data
}

test('with JavaScript: inline errors, then a lead from /shopify is stored with its page and service, and staff get the e-mail', async ({
  page,
  baseURL,
}) => {
  const dialogs: string[] = []
  page.on('dialog', (d) => void d.dismiss().then(() => dialogs.push(d.message())))
  const message = `Quiero migrar mi tienda <script>alert(1)</script> ${Date.now()}`
  await page.goto('/shopify?utm_source=google&utm_campaign=e2e')
  const form = page.locator('#contacto form')
  await expect(page.getByLabel('Servicio de interés')).toHaveValue('shopify')
  await expectNoAxeViolations(page, 'empty')

  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(page.getByLabel('Nombre *')).toBeFocused()
  await expect(page.getByLabel('Nombre *')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.locator('#lead-name-error')).toHaveText('Escribe tu nombre.')
  await expect(page.locator('[data-lead-status]')).toHaveText('Revisa los campos marcados.')
  await expectNoAxeViolations(page, 'with errors')

  await fill(page, message)
  // The time token refuses a form sent sooner than a person could type it.
  await page.waitForTimeout(3000)
  await form.getByRole('button', { name: 'Enviar mensaje' }).click()
  const sent = page.locator('#contacto-enviado')
  await expect(sent).toBeVisible({ timeout: 15_000 })
  await expect(sent).toBeFocused()
  await expect(sent).toContainText('hemos recibido tu mensaje')
  await expectNoAxeViolations(page, 'sent')

  await expect.poll(() => storedLead(baseURL!, message), { timeout: 15_000 }).toHaveLength(1)
  const [lead] = await storedLead(baseURL!, message)
  expect(lead).toMatchObject({
    page_path: '/shopify',
    service: 'shopify',
    verified: true,
    utm_source: 'google',
    utm_campaign: 'e2e',
    status: 'nuevo',
  })

  await expect.poll(() => received.find((m) => m.text?.includes(message)), { timeout: 60_000 }).toBeTruthy()
  const mail = received.find((m) => m.text?.includes(message))!
  expect(mail.subject).toBe('Nuevo contacto: Ana Pérez (Desarrollo Shopify)')
  expect(mail.replyTo?.text).toBe('ana@example.com')
  expect(mail.to && 'text' in mail.to ? mail.to.text : '').toBe('ventas@example.com')
  expect(mail.html).toContain('&lt;script&gt;')
  expect(mail.html).not.toContain('<script>')
  expect(mail.text).toContain(`/admin?lead=${lead!.id as string}`)
  expect(dialogs).toEqual([])
})

/**
 * Records every text the form's status shows, with the names of the buttons on screen at that moment: a
 * message that says «press X» must have an X to press.
 */
async function recordStatus(page: Page) {
  await page.evaluate(() => {
    const status = document.querySelector('#contacto [data-lead-status]')!
    const seen: { text: string; buttons: string[] }[] = []
    ;(window as unknown as { leadStatus: typeof seen }).leadStatus = seen
    new MutationObserver(() => {
      const text = status.textContent ?? ''
      const buttons = [...document.querySelectorAll<HTMLElement>('#contacto button')]
        .filter((b) => b.checkVisibility())
        .map((b) => b.innerText.trim())
      if (text && seen.at(-1)?.text !== text) seen.push({ text, buttons })
    }).observe(status, { childList: true, subtree: true, characterData: true })
  })
  return async () => {
    const seen = await page.evaluate(() => (window as unknown as { leadStatus: { text: string; buttons: string[] }[] }).leadStatus)
    const missing = seen.flatMap(({ text, buttons }) =>
      [...text.matchAll(/«([^»]+)»/g)]
        .map((m) => m[1]!)
        .filter((name) => !buttons.includes(name))
        .map((name) => `«${name}» in "${text}" (buttons: ${buttons.join(', ')})`),
    )
    return { seen: seen.map((s) => s.text), missing }
  }
}

test('with JavaScript: a form filled by the browser (autofill) and sent at once waits out the time token itself and is stored', async ({
  page,
  baseURL,
}) => {
  const message = `Autorrellenado y enviado al momento ${Date.now()}`
  await page.goto('/shopify')
  const statusTexts = await recordStatus(page)
  // Autofill sets the values without typing or focusing each field; the visitor then presses the button.
  await page.locator('#contacto form').evaluate((form: HTMLFormElement, text) => {
    const set = (name: string, value: string) => ((form.elements.namedItem(name) as HTMLInputElement).value = value)
    set('name', 'Ana Pérez')
    set('email', 'ana@example.com')
    set('message', text)
    form.querySelector<HTMLInputElement>('input[type="checkbox"]')!.checked = true
  }, message)
  const startedAt = Date.now()
  await page.locator('#contacto form').getByRole('button', { name: 'Enviar mensaje' }).click()
  const sent = page.locator('#contacto-enviado')
  // Until the form is sent or the status shows a notice (the enhanced form's messages are paragraphs).
  await expect.poll(async () => (await sent.isVisible()) || (await page.locator('[data-lead-status] p').count()) > 0, { timeout: 15_000 }).toBe(true)
  const { seen, missing } = await statusTexts()
  console.info(`statuses: ${JSON.stringify(seen)}; sent after ${Date.now() - startedAt} ms`)
  expect(missing, 'a message names a button that is not on screen').toEqual([])
  await expect(sent).toBeVisible()
  await expect(sent).toContainText('hemos recibido tu mensaje')
  expect(await storedLead(baseURL!, message)).toMatchObject([{ page_path: '/shopify', verified: true }])
})

test('with JavaScript: a time token the server refuses asks for «Confirmar envío», and the button says so; pressed, the lead is stored', async ({
  page,
  baseURL,
}) => {
  const message = `Token rechazado y confirmado ${Date.now()}`
  await page.goto('/shopify')
  const statusTexts = await recordStatus(page)
  await fill(page, message)
  // A token the server does not take (as one left open for hours would be): altered once the form holds one.
  const token = page.locator('#contacto form input[name="token"]')
  await expect(token).toHaveCount(1)
  await token.evaluate((input: HTMLInputElement) => (input.value = 'caducado.x.y'))
  await page.locator('#contacto form').getByRole('button', { name: 'Enviar mensaje' }).click()
  await expect(page.locator('[data-lead-status]')).toContainText('«Confirmar envío»', { timeout: 15_000 })
  expect(await storedLead(baseURL!, message)).toEqual([])
  const confirm = page.locator('#contacto form').getByRole('button', { name: 'Confirmar envío' })
  await expect(confirm, 'the button the message names').toBeVisible({ timeout: 5_000 })
  await confirm.click()
  await expect(page.locator('#contacto-enviado')).toBeVisible({ timeout: 15_000 })
  const { seen, missing } = await statusTexts()
  console.info(`statuses: ${JSON.stringify(seen)}`)
  expect(missing, 'a message names a button that is not on screen').toEqual([])
  expect(await storedLead(baseURL!, message)).toHaveLength(1)
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the server answers with the errors next to each field and the values kept; corrected, the lead is stored "sin verificar"', async ({
    page,
    baseURL,
  }) => {
    const message = `Sin JavaScript, corregido ${Date.now()}`
    await page.goto('/shopify')
    await page.getByLabel('Email *').fill('no-es-un-email')
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect(page).toHaveURL(/\/shopify$/)
    await expect(page.locator('#lead-email-error')).toHaveText('Escribe un email válido, por ejemplo nombre@empresa.com.')
    await expect(page.getByLabel('Email *')).toHaveValue('no-es-un-email')
    await expect(page.getByLabel('Email *')).toHaveAttribute('aria-describedby', 'lead-email-error')
    await expect(page.getByLabel('Nombre *')).toBeFocused()
    // The answer carried a time token: corrected after a few seconds, the form is sent at once.
    await page.waitForTimeout(3000)
    await fill(page, message)
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect(page).toHaveURL(SENT_URL)
    await expect(page.locator('#contacto-enviado')).toBeVisible()
    expect(await storedLead(baseURL!, message)).toMatchObject([{ page_path: '/shopify', service: 'shopify', verified: false }])
    await expect.poll(() => received.some((m) => m.text?.includes(message)), { timeout: 60_000 }).toBe(true)
  })

  test('a first post without a time token stores nothing and asks to confirm; the second stores the lead', async ({ page, baseURL }) => {
    const message = `Sin JavaScript, confirmado ${Date.now()}`
    await page.goto('/shopify')
    // Playwright's text matchers skip <noscript>: its text is read from the node.
    expect(await page.locator('#contacto noscript').evaluate((n) => n.textContent)).toContain('Sin JavaScript te pediremos que confirmes el envío')
    await fill(page, message)
    await page.getByRole('button', { name: 'Enviar mensaje' }).click()
    await expect(page.locator('[data-lead-status]')).toContainText('te pedimos que confirmes el envío')
    await expect(page.getByLabel('Mensaje *')).toHaveValue(message)
    await expect(page.getByRole('button', { name: 'Confirmar envío' })).toBeFocused()
    expect(await storedLead(baseURL!, message)).toEqual([])
    await page.waitForTimeout(3000)
    await page.getByRole('button', { name: 'Confirmar envío' }).click()
    await expect(page).toHaveURL(SENT_URL)
    await expect(page.locator('#contacto-enviado')).toBeVisible()
    expect(await storedLead(baseURL!, message)).toHaveLength(1)
  })

  test('typing ?contacto=enviado shows the plain form from the shared cache, not the thanks', async ({ page }) => {
    const response = await page.goto('/shopify?contacto=enviado')
    expect(response!.headers()['cache-control']).toBe('public, max-age=0, must-revalidate')
    await expect(page.locator('#contacto-enviado')).toBeHidden()
    await expect(page.getByRole('button', { name: 'Enviar mensaje' })).toBeVisible()
  })
})
