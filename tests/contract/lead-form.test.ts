// The contact form's server side (src/leads/) against the real backend: what a scripted or malicious
// sender gets (a 4xx, no row, no e-mail), what a visitor gets (a stored lead, a queued notification), and
// what happens with the database unreachable. The page a plain post is answered with is stubbed here
// (its state as JSON); the rendered page itself is the end-to-end suite's.
import type { SupabaseClient } from '@supabase/supabase-js'
import { solveChallenge } from 'altcha-lib/v1'
import { randomUUID } from 'node:crypto'
import { createServer, request, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { readSite } from '../../src/host/site/siteFacts.ts'
import { FormGuard } from '../../src/leads/formGuard.server.ts'
import { LeadInbox } from '../../src/leads/inbox.server.ts'
import { startLeads } from '../../src/leads/leads.server.ts'
import { leadFallbackNotification } from '../../src/leads/notification.server.tsx'
import { serviceClient } from '../../src/host/serviceClient.server.ts'
import { Mailer } from '../../src/mail/mailer.server.ts'
import { messageSchema, type Message } from '../../src/mail/message.ts'
import { restMailQueue, type MailQueue } from '../../src/mail/queue.server.ts'
import { smtpTransport } from '../../src/mail/transport.server.ts'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'
import { client, startTarget, type Target } from './target.ts'
import { NO_ATTRIBUTION } from '../support/leads.ts'

const site = readSite(new URL('../../', import.meta.url).pathname)
const services = [{ slug: 'shopify', name: 'Desarrollo Shopify' }]
const MIN_AGE_MS = 300

let target: Target
let service: SupabaseClient
let dataDir: string
let http: Server
let base: string
let delivered: Message[]
let leads: Awaited<ReturnType<typeof startLeads>>
let mailer: Mailer

async function startForm(options: { rateLimit?: number; serviceClient?: SupabaseClient } = {}) {
  leads?.close()
  await mailer?.close()
  http?.close()
  mailer = new Mailer(restMailQueue(service), {
    description: 'test',
    deliver: async (m) => void delivered.push(m),
  })
  leads = await startLeads({
    dataDir,
    service: options.serviceClient ?? service,
    mailer,
    site,
    adminUrl: 'http://admin.test',
    services,
    rateLimit: { limit: options.rateLimit ?? 10_000, windowMs: 60_000 },
    tokenTimes: { minAgeMs: MIN_AGE_MS, maxAgeMs: 3600_000 },
    proof: { maxNumber: 2000, ttlMs: 3600_000 },
    spoolRetryMs: 3600_000,
  })
  http = createServer((req, res) => {
    const pathname = (req.url ?? '/').split('?', 1)[0]!
    const page = {
      render: async (extra: { leadForm: unknown }) => ({
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(JSON.stringify(extra.leadForm)),
      }),
      policy: () => "default-src 'self'",
    }
    if (!leads.forms.handles(req.method, req.url ?? '/')) return void res.writeHead(404).end()
    leads.forms.handle(req, res, pathname, page).catch(() => res.writeHead(599).end())
  })
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
}

beforeAll(async () => {
  // A backend of its own, not the shared one: the mailer here sends every message queued in the database.
  target = await startTarget()
  service = client(target, target.serviceRoleKey)
  dataDir = await mkdtemp(join(tmpdir(), 'leads-'))
  delivered = []
  await startForm()
})
afterAll(async () => {
  leads?.close()
  await mailer?.close()
  http?.close()
  await target?.close()
  await rm(dataDir, { recursive: true, force: true })
})
beforeEach(() => {
  delivered = []
})

const visitor = (over: Record<string, string> = {}) => ({
  name: 'Ana Pérez',
  email: 'ana@example.com',
  company: 'Tienda Ana',
  phone: '+34 600 000 000',
  service: 'shopify',
  message: `Quiero migrar mi tienda ${randomUUID()}`,
  privacy: 'on',
  ...over,
})

async function post(fields: Record<string, string>, { json = false, path = '/shopify' } = {}) {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(json && { Accept: 'application/json' }) },
    body: new URLSearchParams(fields),
  })
  return {
    status: response.status,
    location: response.headers.get('location'),
    body: (await response.json().catch(() => null)) as Record<string, unknown> | null,
  }
}

/** A time token and a solved proof of work, as the behaviour gets them. */
async function tokens(): Promise<{ token: string; altcha: string }> {
  const { token, challenge } = (await (await fetch(`${base}/api/contacto`)).json()) as {
    token: string
    challenge: { algorithm: string; challenge: string; salt: string; signature: string; maxnumber: number }
  }
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise
  const altcha = Buffer.from(JSON.stringify({ ...challenge, number: solution!.number })).toString('base64')
  await new Promise((resolve) => setTimeout(resolve, MIN_AGE_MS + 50))
  return { token, altcha }
}

async function rowsWith(message: string) {
  const { data, error } = await service.from('leads').select('*').eq('message', message)
  if (error) throw error
  return data
}
const allLeads = async () => (await service.from('leads').select('id', { count: 'exact', head: true })).count ?? 0
const settle = () => mailer.deliverDue()

describe('a visitor', () => {
  it('with JavaScript (token and proof of work) is stored verified, with page, service and campaign, and staff are mailed', async () => {
    const fields = visitor({ utm_source: 'google', utm_campaign: 'shopify-2026', referrer: 'https://www.google.com/' })
    const answer = await post({ ...fields, ...(await tokens()) }, { json: true })
    expect(answer.status).toBe(201)
    expect(answer.body).toMatchObject({ ok: true })
    const [row] = await rowsWith(fields.message)
    expect(row).toMatchObject({
      name: 'Ana Pérez',
      page_path: '/shopify',
      service: 'shopify',
      utm_source: 'google',
      utm_campaign: 'shopify-2026',
      referrer: 'https://www.google.com/',
      verified: true,
      status: 'nuevo',
    })
    await settle()
    expect(delivered).toHaveLength(1)
    expect(delivered[0]).toMatchObject({ to: site.emails.leads, replyTo: 'ana@example.com' })
    expect(delivered[0]!.text).toContain(`http://admin.test/admin?lead=${row!.id}`)
  })

  it('without JavaScript confirms once (a token), then is stored "sin verificar" and redirected to the thank-you state', async () => {
    const fields = visitor()
    const first = await post(fields)
    expect(first.status).toBe(400)
    expect(first.body).toMatchObject({ values: { name: 'Ana Pérez' }, notice: { tone: 'info' }, confirm: true })
    expect(await rowsWith(fields.message)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, MIN_AGE_MS + 50))
    const second = await post({ ...fields, token: String(first.body!.token) })
    expect(second.status).toBe(303)
    expect(second.location).toMatch(/^\/shopify\?contacto=[\w.-]+#contacto$/)
    expect(await rowsWith(fields.message)).toMatchObject([{ verified: false }])
  })

  it('the thank-you state needs the receipt of a stored post: typed, forged, expired or another token, it is the plain page', async () => {
    const { token } = (await (await fetch(`${base}/api/contacto`)).json()) as { token: string }
    await new Promise((resolve) => setTimeout(resolve, MIN_AGE_MS + 50))
    const stored = await post({ ...visitor(), token })
    const thanks = await fetch(`${base}${stored.location!.split('#', 1)[0]!}`)
    expect(thanks.status).toBe(200)
    expect(thanks.headers.get('cache-control')).toBe('private, no-store')
    expect(await thanks.json()).toMatchObject({ sent: true })

    const receipt = new URL(stored.location!, base).searchParams.get('contacto')!
    const { sentReceipts } = await import('../../src/leads/tokens.server.ts')
    const { formSecret } = await import('../../src/leads/secret.server.ts')
    const expired = sentReceipts(await formSecret(dataDir, undefined)).issue(Date.now() - 31 * 60_000)
    for (const value of ['enviado', `${receipt.slice(0, -4)}AAAA`, expired, token]) {
      // Not the form's request: the live site answers it with the page as cached for everyone (the stub: 404).
      expect(leads.forms.handles('GET', `/shopify?contacto=${value}`)).toBe(false)
      expect((await fetch(`${base}/shopify?contacto=${value}`)).status).toBe(404)
    }
  })

  it('gets each field error in Spanish with the values kept (422), and nothing is stored', async () => {
    const fields = visitor({ name: '', email: 'no-es-un-email', phone: 'llámame', message: '', privacy: '' })
    const answer = await post({ ...fields, ...(await tokens()) })
    expect(answer.status).toBe(422)
    expect(answer.body).toMatchObject({
      values: { email: 'no-es-un-email', phone: 'llámame' },
      errors: {
        name: 'Escribe tu nombre.',
        email: 'Escribe un email válido, por ejemplo nombre@empresa.com.',
        phone: expect.stringContaining('teléfono') as string,
        message: 'Cuéntanos en qué podemos ayudarte.',
        privacy: expect.stringContaining('política de privacidad') as string,
      },
    })
  })

  it('HTML and script in every field are stored as typed and escaped in the e-mail', async () => {
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    const fields = visitor({ name: `Ana ${evil}`, company: evil, message: `${evil} ${randomUUID()}` })
    expect((await post({ ...fields, ...(await tokens()) }, { json: true })).status).toBe(201)
    expect((await rowsWith(fields.message))[0]).toMatchObject({ name: fields.name, company: evil })
    await settle()
    const html = delivered[0]!.html!
    expect(html).not.toContain('<script>')
    expect(html).not.toContain('<img')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

describe('spam and abuse', () => {
  it('100 scripted posts without valid tokens store 0 rows and send 0 e-mails, each answered with a 4xx', async () => {
    const before = await allLeads()
    const { token } = await tokens()
    const forged = `${token.slice(0, -4)}AAAA`
    const shapes: (() => Record<string, string>)[] = [
      () => visitor(),
      () => visitor({ token: forged }),
      () => visitor({ token: 'x' }),
      () => visitor({ token: `${Date.now().toString(36)}.abc.def` }),
      () => visitor({ sitio_web: 'https://spam.example', token }),
      () => visitor({ altcha: 'bm90IGEgcGF5bG9hZA==' }),
    ]
    const statuses = new Set<number>()
    for (let i = 0; i < 100; i++) statuses.add((await post(shapes[i % shapes.length]!(), { json: i % 2 === 0 })).status)
    expect([...statuses].every((s) => s >= 400 && s < 500)).toBe(true)
    expect(await allLeads()).toBe(before)
    await settle()
    expect(delivered).toEqual([])
  })

  it('a token used sooner than a person could type is refused; a token older than its limit too', async () => {
    const { token: fresh } = (await (await fetch(`${base}/api/contacto`)).json()) as { token: string }
    const fast = await post({ ...visitor(), token: fresh }, { json: true })
    expect(fast.status).toBe(400)
    expect(fast.body!.message).toMatch(/demasiado rápido/)
    const { FormTokens } = await import('../../src/leads/tokens.server.ts')
    const { formSecret } = await import('../../src/leads/secret.server.ts')
    const old = new FormTokens(await formSecret(dataDir, undefined)).issue(Date.now() - 2 * 3600_000)
    const stale = await post({ ...visitor(), token: old }, { json: true })
    expect(stale.status).toBe(400)
    expect(stale.body!.message).toMatch(/caducado/)
  })

  it('without a proof of work, one time token serves one post: the second asks to confirm again, nothing stored twice', async () => {
    const { token } = await tokens()
    const first = visitor()
    expect((await post({ ...first, token })).status).toBe(303)
    const second = visitor()
    const again = await post({ ...second, token })
    expect(again.status).toBe(400)
    expect(again.body).toMatchObject({ confirm: true, notice: { tone: 'info' } })
    expect(await rowsWith(second.message)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, MIN_AGE_MS + 50))
    expect((await post({ ...second, token: String(again.body!.token) })).status).toBe(303)
    expect(await rowsWith(second.message)).toHaveLength(1)
  })

  it('a replayed proof of work is refused, also by a restarted server', async () => {
    const { token, altcha } = await tokens()
    const first = visitor()
    expect((await post({ ...first, token, altcha }, { json: true })).status).toBe(201)
    await startForm() // a restart: nothing of the first server's memory is left
    const again = visitor()
    const replay = await post({ ...again, token, altcha }, { json: true })
    expect(replay.status).toBe(400)
    expect(replay.body!.message).toMatch(/anti-spam/)
    expect(await rowsWith(again.message)).toEqual([])
  })

  it('CR/LF in the name or e-mail (header injection) is refused with a Spanish error', async () => {
    const t = await tokens()
    const name = await post({ ...visitor({ name: 'Ana\r\nBcc: victima@example.com' }), ...t }, { json: true })
    expect(name.status).toBe(422)
    expect((name.body!.errors as Record<string, string>).name).toMatch(/saltos de línea/)
    const email = await post({ ...visitor({ email: 'ana@example.com\nBcc: victima@example.com' }), ...(await tokens()) }, { json: true })
    expect(email.status).toBe(422)
  })

  it('overlong fields, unknown services, bodies of other shapes and sizes: a 4xx with a Spanish message', async () => {
    const t = await tokens()
    expect((await post({ ...visitor({ message: 'x'.repeat(5001) }), ...t }, { json: true })).status).toBe(422)
    expect((await post({ ...visitor({ service: 'no-existe' }), ...t }, { json: true })).body!.errors).toMatchObject({
      service: 'Elige un servicio de la lista.',
    })
    const send = (body: BodyInit, type: string) =>
      fetch(`${base}/shopify`, { method: 'POST', headers: { 'Content-Type': type, Accept: 'application/json' }, body })
    const json = await send(JSON.stringify(visitor()), 'application/json')
    expect(json.status).toBe(415)
    expect(((await json.json()) as { message: string }).message).toMatch(/formato/)
    const huge = await send(`message=${'a'.repeat(200_000)}`, 'application/x-www-form-urlencoded')
    expect(huge.status).toBe(413)
    const binary = await send(new Uint8Array([0xff, 0xfe, 0x00, 0x80]), 'application/x-www-form-urlencoded')
    expect(binary.status).toBe(422)
    const repeated = await send('name=a&name=b&email=&email=x', 'application/x-www-form-urlencoded')
    expect(repeated.status).toBe(422)
  })

  it('an address that sends too many is refused (429) until its window passes, also after a restart', async () => {
    // This file's other posts came from the same address: its window starts here.
    const forgetAddresses = () => service.from('form_guard').delete().like('key', 'rate:%')
    await forgetAddresses()
    await startForm({ rateLimit: 3 })
    try {
      const statuses = []
      for (let i = 0; i < 2; i++) statuses.push((await post(visitor(), { json: true })).status)
      await startForm({ rateLimit: 3 }) // a restart does not reset the count
      for (let i = 0; i < 3; i++) statuses.push((await post(visitor(), { json: true })).status)
      expect(statuses).toEqual([400, 400, 400, 429, 429])
      await service
        .from('form_guard')
        .update({ expires_at: new Date(Date.now() - 1000).toISOString() })
        .like('key', 'rate:%')
      expect((await post(visitor(), { json: true })).status).toBe(400)
    } finally {
      await forgetAddresses()
      await startForm()
    }
  })

  it('posts that pass every other layer count too: one over the limit is refused (429), not stored and not mailed', async () => {
    const forgetAddresses = () => service.from('form_guard').delete().like('key', 'rate:%')
    await forgetAddresses()
    await startForm({ rateLimit: 2 })
    try {
      expect((await post(visitor(), { json: true })).status).toBe(400) // no token: counted all the same
      expect((await post({ ...visitor(), ...(await tokens()) }, { json: true })).status).toBe(201)
      const over = visitor()
      const refused = await post({ ...over, ...(await tokens()) }, { json: true })
      expect(refused.status).toBe(429)
      expect(refused.body!.message).toMatch(/demasiados formularios/)
      expect(await rowsWith(over.message)).toEqual([])
      await settle()
      expect(delivered).toHaveLength(1)
    } finally {
      await forgetAddresses()
      await startForm()
    }
  })

  it('expired windows and used proofs are deleted by retention', async () => {
    const key = `rate:${randomUUID()}`
    await service.from('form_guard').insert({ key, expires_at: new Date(Date.now() - 1000).toISOString() })
    await leads.retain()
    expect((await service.from('form_guard').select('key').eq('key', key)).data).toEqual([])
  })
})

describe('attacks on the form', () => {
  /** A post sent as written, byte for byte: fetch would rewrite `\` in the path to `/`. */
  function rawPost(path: string, fields: Record<string, string>): Promise<{ status: number; location: string | undefined }> {
    const body = new URLSearchParams(fields).toString()
    return new Promise((resolve, reject) => {
      const req = request(
        `${base}/`,
        { method: 'POST', path, headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) } },
        (res) => {
          res.resume()
          resolve({ status: res.statusCode ?? 0, location: res.headers.location })
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  }

  it('a stored plain post to //host or /\\host is redirected on this site, to its normalised path', async () => {
    for (const path of ['//evil.example/', '/\\evil.example/', '/\\/evil.example/', '/./\\evil.example/x/../']) {
      const fields = visitor()
      const { token } = await tokens()
      const answer = await rawPost(path, { ...fields, token })
      expect(answer.status, path).toBe(303)
      const target = new URL(answer.location!, `${base}/shopify`)
      expect(target.origin, `${path} → ${answer.location}`).toBe(base)
      expect(answer.location).toMatch(/^\/(?![/\\])/)
      expect(target.pathname).toBe('/evil.example/')
      expect(await rowsWith(fields.message)).toMatchObject([{ page_path: '/evil.example/' }])
    }
  })

  it('a NUL or another control character in a field is refused with a Spanish message (422), nothing stored or spooled', async () => {
    const spool = join(dataDir, 'leads-spool')
    const spooledBefore = (await readdir(spool).catch(() => [])).length
    const attempts: Record<string, string>[] = [{ name: 'Nul\u0000Byte' }, { company: 'Tienda\u0007Ana' }, { message: `Hola\u0000 ${randomUUID()}` }]
    for (const over of attempts) {
      const fields = visitor(over)
      const answer = await post({ ...fields, ...(await tokens()) }, { json: true })
      expect(answer.status, JSON.stringify(over)).toBe(422)
      const field = Object.keys(over)[0]!
      expect((answer.body!.errors as Record<string, string>)[field]).toMatch(/caracteres no válidos/)
      expect(await rowsWith(fields.message)).toEqual([])
    }
    // Hidden fields the visitor does not type (where the visit came from) are cleaned, not refused.
    const fields = visitor({ referrer: 'https://a.example/\u0000x', utm_source: 'g\u0000oogle' })
    expect((await post({ ...fields, ...(await tokens()) }, { json: true })).status).toBe(201)
    expect(await rowsWith(fields.message)).toMatchObject([{ referrer: 'https://a.example/x', utm_source: 'google' }])
    expect((await readdir(spool).catch(() => [])).length).toBe(spooledBefore)
  })

  it('a spooled lead the database can never take is moved to the dead-letter folder with a log line, and the leads after it go in', async () => {
    const spool = join(dataDir, 'leads-spool')
    await mkdir(spool, { recursive: true })
    const row = (over: Record<string, unknown>) => ({
      id: randomUUID(),
      ...visitor(),
      privacy: undefined,
      page_path: '/shopify',
      ...NO_ATTRIBUTION,
      verified: false,
      ...over,
    })
    const nul = row({ name: 'Nul\u0000Byte' })
    const tooLong = row({ company: 'x'.repeat(500) })
    const good = row({})
    await writeFile(join(spool, `1000-${nul.id}.json`), JSON.stringify(nul))
    await writeFile(join(spool, `1001-${tooLong.id}.json`), JSON.stringify(tooLong))
    await writeFile(join(spool, '1002-broken.json'), '{"name": "Ana", ')
    await writeFile(join(spool, `1003-${good.id}.json`), JSON.stringify(good))
    const warnings: string[] = []
    const warn = console.warn
    console.warn = (...args: unknown[]) => void warnings.push(args.join(' '))
    try {
      expect(await leads.inbox.drainSpool()).toBe(1)
    } finally {
      console.warn = warn
    }
    expect(await rowsWith(good.message)).toHaveLength(1)
    expect(await rowsWith(nul.message)).toEqual([])
    expect((await readdir(spool)).filter((f) => f.endsWith('.json'))).toEqual([])
    expect((await readdir(join(dataDir, 'leads-dead-letter'))).sort()).toEqual(
      [`1000-${nul.id}.json`, `1001-${tooLong.id}.json`, '1002-broken.json'].sort(),
    )
    for (const file of [`1000-${nul.id}.json`, `1001-${tooLong.id}.json`, '1002-broken.json'])
      expect(warnings.some((w) => w.includes(file) && w.includes('leads-dead-letter'))).toBe(true)
    // A second pass has nothing left to try; staff were mailed about each lead moved aside.
    expect(await leads.inbox.drainSpool()).toBe(0)
    await settle()
    const told = delivered.filter((m) => m.subject === 'Un contacto de la web no se ha podido guardar')
    expect(told).toHaveLength(3)
    expect(told.find((m) => m.text.includes(`1000-${nul.id}.json`))?.text).toContain('Nul\\u0000Byte')
  })

  it('a lead whose own notification cannot be made still reaches staff: a short one, linked to the lead', async () => {
    const inbox = new LeadInbox({
      service,
      spoolDir: join(dataDir, 'other-spool'),
      deadLetterDir: join(dataDir, 'other-dead-letter'),
      guard: new FormGuard(service, Buffer.alloc(32, 1)),
      notification: () => {
        throw new Error('no notification for this one')
      },
      fallbackNotification: (id) => leadFallbackNotification({ id, site, adminUrl: 'http://admin.test' }),
      queued: () => undefined,
    })
    const message = `Sin aviso propio ${randomUUID()}`
    const errors: string[] = []
    const error = console.error
    console.error = (...args: unknown[]) => void errors.push(args.join(' '))
    let saved
    try {
      saved = await inbox.save({
        ...visitor({ message }),
        privacy: undefined,
        page_path: '/',
        ...NO_ATTRIBUTION,
        verified: true,
        company: null,
        phone: null,
        service: null,
      } as never)
    } finally {
      console.error = error
    }
    expect(saved).toMatchObject({ outcome: 'stored' })
    const id = (saved as { id: string }).id
    expect(errors.some((e) => e.includes(id))).toBe(true)
    await settle()
    const mail = delivered.find((m) => m.text.includes(`/admin?lead=${id}`))
    expect(mail).toMatchObject({ to: site.emails.leads, subject: expect.stringContaining('Nuevo contacto') as string })
    expect(mail!.text).not.toContain(message)
  })

  it('line breaks in single-line fields cannot add lines to the notification: refused in company and phone, folded in hidden fields', async () => {
    const forged = 'x\nEmail: attacker@evil.com\nVerificación: Verificado (prueba de trabajo)'
    for (const [field, value] of [
      ['company', forged],
      ['phone', '600\n600 000'],
    ] as const) {
      const answer = await post({ ...visitor({ [field]: value }), token: (await tokens()).token }, { json: true })
      expect(answer.status, field).toBe(422)
      expect((answer.body!.errors as Record<string, string>)[field]).toMatch(/saltos de línea/)
    }
    // The hidden fields and the message: stored, and the mail's own lines stay the only ones at the left margin.
    const fields = visitor({ referrer: `https://a.example/\r\n${forged}`, utm_source: forged, message: `Hola\n${forged}\n${randomUUID()}` })
    const answer = await post({ ...fields, token: (await tokens()).token }, { json: true }) // no proof of work: «Sin verificar»
    expect(answer.status).toBe(201)
    await settle()
    const mail = delivered.find((m) => m.text.includes(fields.message.split('\n').at(-1)!))!
    const lines = mail.text.split('\n')
    expect(lines.filter((l) => l.startsWith('Verificación:'))).toEqual(['Verificación: Sin verificar (enviado sin JavaScript)'])
    expect(lines.filter((l) => l.startsWith('Email:'))).toEqual(['Email: ana@example.com'])
  })

  it('an internationalised address (josé@example.es) is taken by the form and by the mailer: staff get the notification, Reply-To the visitor', async () => {
    const fields = visitor({ email: 'josé@example.es' })
    const answer = await post({ ...fields, ...(await tokens()) }, { json: true })
    expect(answer.status).toBe(201)
    await settle()
    const mail = delivered.find((m) => m.text.includes(fields.message))
    expect(mail).toMatchObject({ to: site.emails.leads, replyTo: 'josé@example.es' })

    // And through a real SMTP server, as `npm start` with SMTP_URL sends it.
    const received: ParsedMail[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, _session, done) => void simpleParser(stream).then((m) => (received.push(m), done()), done),
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as AddressInfo).port
    try {
      // The mailer's own check (what `send` queues), then its SMTP transport.
      await smtpTransport(`smtp://127.0.0.1:${port}`, 'web@example.com').deliver(messageSchema.parse(mail))
      expect(received.at(-1)?.replyTo?.value[0]?.address).toBe('josé@example.es')
      expect(received.at(-1)?.text).toContain(fields.message)
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  })

  it('what the form and the mailer refuse, they refuse alike: an address the mailer would refuse is a 422 at the form', async () => {
    for (const email of ['ana@localhost', 'ana@@example.com', 'ana,bob@example.com', 'ana@example.com>', 'josé@example']) {
      const answer = await post({ ...visitor({ email }), ...(await tokens()) }, { json: true })
      expect(answer.status, email).toBe(422)
      expect((answer.body!.errors as Record<string, string>).email).toMatch(/email válido/)
    }
  })
})

describe('with the database unreachable', () => {
  it('the visitor is told to write or call, and the lead waits in the spool until it can be stored', async () => {
    const unreachable = serviceClient({ url: 'http://127.0.0.1:9', key: target.serviceRoleKey })
    await startForm({ serviceClient: unreachable })
    try {
      const fields = visitor()
      const answer = await post({ ...fields, ...(await tokens()) }, { json: true })
      expect(answer.status).toBe(503)
      expect(answer.body!.message).toContain(site.emails.contact)
      expect(answer.body!.message).toContain(site.phones[0]!.display)
      expect(await readdir(join(dataDir, 'leads-spool'))).toHaveLength(1)
      await startForm()
      await leads.inbox.drainSpool() // also started by startLeads: the two calls are one pass
      expect(await rowsWith(fields.message)).toMatchObject([{ page_path: '/shopify', verified: true }])
      expect(await readdir(join(dataDir, 'leads-spool'))).toEqual([])
    } finally {
      await startForm()
    }
  })
})

describe('retention', () => {
  it('deletes spooled and dead-letter lead files older than the period, and keeps newer ones', async () => {
    const old = new Date()
    old.setMonth(old.getMonth() - site.leads.retentionMonths - 1)
    const files = ['leads-spool', 'leads-dead-letter'].flatMap((folder) =>
      ['old', 'new'].map((age) => join(dataDir, folder, `0-${age}-${randomUUID()}.x`)),
    )
    for (const file of files) {
      await mkdir(join(file, '..'), { recursive: true })
      await writeFile(file, JSON.stringify({ email: 'ana@example.com' }))
      if (file.includes('-old-')) await utimes(file, old, old)
    }
    await leads.retain()
    const left = (await Promise.all(['leads-spool', 'leads-dead-letter'].map((folder) => readdir(join(dataDir, folder))))).flat()
    expect(files.filter((file) => left.some((name) => file.endsWith(name))).sort()).toEqual(files.filter((file) => file.includes('-new-')).sort())
    await Promise.all(files.map((file) => rm(file, { force: true })))
  })

  it("deletes leads older than site.yaml's period and keeps the rest", async () => {
    const old = new Date()
    old.setMonth(old.getMonth() - site.leads.retentionMonths - 1)
    const recent = new Date()
    recent.setMonth(recent.getMonth() - site.leads.retentionMonths + 1)
    const row = (created_at: Date) => ({
      name: 'Ana',
      email: 'ana@example.com',
      message: randomUUID(),
      page_path: '/shopify',
      created_at: created_at.toISOString(),
    })
    const { data, error } = await service
      .from('leads')
      .insert([row(old), row(recent)])
      .select('id')
    if (error) throw error
    await leads.retain()
    const { data: left } = await service
      .from('leads')
      .select('id')
      .in(
        'id',
        data.map((r) => r.id),
      )
    expect(left).toEqual([{ id: data[1]!.id }])
  })
})

describe('the mail queue', () => {
  it('a queue request that never answers holds back no later message: the pass gives up on it and the next one delivers', async () => {
    const real = restMailQueue(service)
    let hang = true
    const stuck: MailQueue = {
      ...real,
      // The first claim goes unanswered, as a request lost on a loaded machine.
      claim: (batch, lease) => (hang ? ((hang = false), new Promise<never>(() => undefined)) : real.claim(batch, lease)),
    }
    const got: Message[] = []
    const patient = new Mailer(stuck, { description: 'test', deliver: async (m) => void got.push(m) }, { queueTimeoutMs: 1000 })
    const warn = console.warn
    console.warn = () => undefined
    try {
      void patient.deliverDue() // its claim never answers
      const subject = `Tras una petición perdida ${randomUUID()}`
      await patient.send({ to: 'equipo@example.com', subject, text: 'x' })
      await expect.poll(() => got.map((m) => m.subject), { timeout: 15_000 }).toContain(subject)
    } finally {
      console.warn = warn
      await patient.close()
    }
  })

  it('a failed send is retried later, and the visitor never waited for it', async () => {
    let fail = true
    const flaky = new Mailer(restMailQueue(service), {
      description: 'flaky',
      deliver: async (m) => {
        if (fail) throw new Error('SMTP down')
        delivered.push(m)
      },
    })
    const subject = `Prueba ${randomUUID()}`
    await flaky.send({ to: 'equipo@example.com', subject, text: 'x' })
    await flaky.deliverDue()
    const { data } = await service
      .from('mail_queue')
      .select('attempts, last_error, next_attempt_at, sent_at')
      .eq('message->>subject', subject)
      .single()
    expect(data).toMatchObject({ attempts: 1, last_error: 'SMTP down', sent_at: null })
    expect(Date.parse(data!.next_attempt_at)).toBeGreaterThan(Date.now())
    fail = false
    await service.from('mail_queue').update({ next_attempt_at: new Date().toISOString() }).eq('message->>subject', subject)
    await flaky.deliverDue()
    expect(delivered.map((m) => m.subject)).toContain(subject)
    await flaky.close()
  })
})
