// A person's data on request (GDPR arts. 15 and 17), through supabase-js as the admin calls it: staff see and
// export everything the product holds about an address (public.data_subject), admins erase it
// (public.erase_data_subject), the log of requests holds no personal data, and a search with wildcards or
// quotes finds nobody else. The outbox files go with their messages: the mail loop deletes them.
import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FormGuard } from '../../src/leads/formGuard.server.ts'
import { LeadInbox } from '../../src/leads/inbox.server.ts'
import { Mailer } from '../../src/mail/mailer.server.ts'
import { restMailQueue } from '../../src/mail/queue.server.ts'
import { outboxTransport } from '../../src/mail/transport.server.ts'
import { account, client, sharedTarget, type Account, type Target } from './target.ts'

let target: Target
let admin: Account
let editor: Account
let user: Account
let service: ReturnType<typeof client>
let outbox: string

const run = randomUUID().slice(0, 8)
/** The person, written as they typed it once and differently another time: one address all the same. */
const address = `ana.${run}@example.com`
/** Addresses that contain hers, or that a wildcard would match: none of them is her. */
const others = [`juana.${run}@example.com`, `ana.${run}@example.com.mx`, `anax${run}@example.com`, `ana_${run}@example.com`]

beforeAll(async () => {
  target = await sharedTarget()
  admin = await account(target, { staff: true, role: 'admin' })
  editor = await account(target, { staff: true, role: 'editor' })
  user = await account(target, { staff: false })
  service = client(target, target.serviceRoleKey)
  outbox = await mkdtemp(join(tmpdir(), 'outbox-'))
})
afterAll(async () => {
  await service.from('leads').delete().in('email', others)
  await rm(outbox, { recursive: true, force: true })
  await target?.close()
})

const lead = (email: string, message = `Consulta ${run}`) => ({ name: `Persona ${run}`, email, message, page_path: '/contacto' })

async function insertLead(row: ReturnType<typeof lead>): Promise<string> {
  const { data, error } = await service.from('leads').insert(row).select('id').single()
  if (error) throw new Error(error.message)
  return data.id
}

async function queue(message: { to: string; subject: string; text: string; replyTo?: string }): Promise<string> {
  const { data, error } = await service.from('mail_queue').insert({ message }).select('id').single()
  if (error) throw new Error(error.message)
  return data.id
}

let her: Awaited<ReturnType<typeof seedPerson>>

/** The outbox file a message (by its subject) was written to, once delivered. */
async function outboxFileOf(subject: string): Promise<string | null> {
  const { data } = await service.from('mail_queue').select('outbox_file').eq('message->>subject', subject).maybeSingle()
  return data?.outbox_file ?? null
}

/** Her data: two leads (notes on one), the staff notification of each, a message quoting her address, one linking her lead. */
async function seedPerson() {
  const first = await insertLead(lead(address))
  const second = await insertLead(lead(address.toUpperCase(), `Segunda ${run}`))
  await service
    .from('leads')
    .update({ notes: `Llamar el lunes ${run}` })
    .eq('id', first)
  const mails = [
    await queue({ to: 'equipo@example.com', replyTo: address, subject: `Nuevo contacto ${run}`, text: `Email: ${address}` }),
    await queue({ to: 'equipo@example.com', subject: `Aviso ${run}`, text: `Escribió <${address.toUpperCase()}>.` }),
    await queue({ to: 'equipo@example.com', subject: `Sin datos ${run}`, text: `Ver en el panel: http://admin.test/admin?lead=${second}` }),
  ]
  return { leads: [first, second], mails }
}

/** Someone else's data, which no search for her may show and no erasure of hers may touch. */
async function seedOthers() {
  const leads = await Promise.all(others.map((email) => insertLead(lead(email))))
  const mails = await Promise.all(
    others.map((email) => queue({ to: 'equipo@example.com', replyTo: email, subject: `Otro ${run}`, text: `Email: ${email}. Fin.` })),
  )
  return { leads, mails }
}

describe('seeing and exporting a person’s data', () => {
  it('staff (an editor too) get her leads with notes and every message naming her, and nobody else’s', async () => {
    her = await seedPerson()
    const them = await seedOthers()
    const { data, error } = await editor.client.rpc('data_subject', { address: `  ${address.toUpperCase()} ` })
    expect(error).toBeNull()
    const found = data as { address: string; leads: { id: string; notes: string }[]; mail: { id: string }[] }
    expect(found.address).toBe(address)
    expect(found.leads.map((l) => l.id).sort()).toEqual([...her.leads].sort())
    expect(found.leads.map((l) => l.notes)).toContain(`Llamar el lunes ${run}`)
    expect(found.mail.map((m) => m.id).sort()).toEqual([...her.mails].sort())
    const text = JSON.stringify(found)
    for (const other of others) expect(text).not.toContain(other)
    for (const id of [...them.leads, ...them.mails]) expect(text).not.toContain(id)
  })

  it('wildcards, quotes and SQL in the address find nobody; what is not an address is refused with its reason', async () => {
    await insertLead(lead(`luis.${run}@example.org`))
    for (const attempt of [
      `%@example.org`,
      `_uis.${run}@example.org`,
      `luis.${run}@example.or_`,
      `'or'1'='1@x.es`,
      `luis.${run}@example.org'--`,
      `luis.${run}@.*`,
    ]) {
      const { data, error } = await editor.client.rpc('data_subject', { address: attempt })
      expect(error, attempt).toBeNull()
      expect(data).toMatchObject({ leads: [], mail: [] })
    }
    for (const attempt of ['', '%', '@', 'luis', `luis.${run}@example.org' or 1=1 --`, `luis.${run}@example.org otro@example.org`]) {
      const { error } = await editor.client.rpc('data_subject', { address: attempt })
      expect(error).toMatchObject({ code: '22023', hint: 'invalid_email' })
    }
    await service.from('leads').delete().eq('email', `luis.${run}@example.org`)
  })

  it('nobody but staff may look: anonymous 401, a signed-in account without a staff row 403', async () => {
    const anonymous = await client(target).rpc('data_subject', { address })
    expect(anonymous.error?.code).toBe('42501')
    expect(anonymous.status).toBe(401)
    const stranger = await user.client.rpc('data_subject', { address })
    expect(stranger.error?.code).toBe('42501')
    expect(stranger.status).toBe(403)
  })

  it('an export asked to be logged leaves an entry with its counts and who asked, without her address', async () => {
    const { error } = await editor.client.rpc('data_subject', { address, log_export: true })
    expect(error).toBeNull()
    const { data } = await editor.client.from('data_subject_requests').select('*').eq('staff_id', editor.id)
    expect(data).toEqual([
      expect.objectContaining({ kind: 'export', staff_email: editor.email, counts: { leads: 2, mail: 3, outbox_files: 0, webhook_deliveries: 0 } }),
    ])
    expect(JSON.stringify(data)).not.toContain(address)
  })
})

describe('erasing a person’s data', () => {
  it('an editor is refused by the database and nothing is erased; so are anonymous requests', async () => {
    const refused = await editor.client.rpc('erase_data_subject', { address })
    expect(refused.error).toMatchObject({ code: '42501', hint: 'admins_only' })
    expect(refused.status).toBe(403)
    expect((await client(target).rpc('erase_data_subject', { address })).status).toBe(401)
    const { data } = await admin.client.rpc('data_subject', { address })
    expect(data).toMatchObject({ leads: [expect.anything(), expect.anything()] })
  })

  it('an admin erases her leads, notes and messages in one call; everyone else’s stay; the log has counts only', async () => {
    const them = await seedOthers()
    const { data, error } = await admin.client.rpc('erase_data_subject', { address: address.toUpperCase() })
    expect(error).toBeNull()
    expect(data).toEqual({ leads: 2, mail: 3, outbox_files: 0, webhook_deliveries: 0 })
    const after = await admin.client.rpc('data_subject', { address })
    expect(after.data).toMatchObject({ leads: [], mail: [] })
    const { count: left } = await service.from('leads').select('*', { count: 'exact', head: true }).ilike('email', address)
    expect(left).toBe(0)
    expect((await service.from('mail_queue').select('id').in('id', her.mails)).data).toEqual([])
    expect((await service.from('leads').select('id').in('id', her.leads)).data).toEqual([])
    const kept = await service.from('leads').select('id').in('id', them.leads)
    expect(kept.data).toHaveLength(them.leads.length)
    const keptMail = await service.from('mail_queue').select('id').in('id', them.mails)
    expect(keptMail.data).toHaveLength(them.mails.length)

    const { data: log } = await editor.client.from('data_subject_requests').select('*').eq('staff_id', admin.id)
    expect(log).toEqual([
      expect.objectContaining({ kind: 'erasure', staff_email: admin.email, counts: { leads: 2, mail: 3, outbox_files: 0, webhook_deliveries: 0 } }),
    ])
    expect(JSON.stringify(log)).not.toContain(address)
    expect(JSON.stringify(log)).not.toContain(`Persona ${run}`)
  })

  it('the log is read by staff only and written by nobody through the API', async () => {
    const [entry] = (await editor.client.from('data_subject_requests').select('id').limit(1)).data ?? []
    expect(entry).toBeDefined()
    expect((await user.client.from('data_subject_requests').select('id')).data).toEqual([])
    expect((await client(target).from('data_subject_requests').select('id')).status).toBe(401)
    for (const who of [editor, admin]) {
      const inserted = await who.client
        .from('data_subject_requests')
        .insert({ kind: 'erasure', staff_id: who.id, staff_email: 'x@example.com', counts: {} })
      expect(inserted.error?.code).toBe('42501')
      const updated = await who.client.from('data_subject_requests').update({ counts: {} }).eq('id', entry!.id)
      expect(updated.error?.code).toBe('42501')
      const deleted = await who.client.from('data_subject_requests').delete().eq('id', entry!.id)
      expect(deleted.error?.code).toBe('42501')
    }
    expect((await editor.client.from('data_subject_requests').select('id').eq('id', entry!.id)).data).toHaveLength(1)
    for (const table of ['mail_queue', 'mail_outbox_erasures'] as const) {
      expect((await editor.client.from(table).select('*')).error?.code).toBe('42501')
    }
  })

  it('a message delivered to the outbox folder is erased with its file, by the mail loop', async () => {
    const person = `eva.${run}@example.com`
    const mailer = new Mailer(restMailQueue(service), outboxTransport(outbox, 'web@localhost'), { outboxDir: outbox })
    try {
      await insertLead(lead(person))
      const subject = `Nuevo contacto de Eva ${run}`
      await mailer.send({ to: 'equipo@example.com', replyTo: person, subject, text: `Email: ${person}` })
      const file = await expect
        .poll(() => outboxFileOf(subject), { timeout: 10_000 })
        .toBeTruthy()
        .then(() => outboxFileOf(subject))
      expect(await readdir(outbox)).toContain(file)
      // A week later the SMTP copies are purged; this one stays as long as its file, so an erasure still finds it.
      await mailer.purge(Date.now() + 30 * 24 * 3600_000)
      const { data: exported } = await admin.client.rpc('data_subject', { address: person })
      expect(exported).toMatchObject({ mail: [expect.objectContaining({ outbox_file: file })] })

      const { data } = await admin.client.rpc('erase_data_subject', { address: person })
      expect(data).toMatchObject({ leads: 1, mail: 1, outbox_files: 1 })
      // The next pass of the loop (every few seconds; woken here) deletes the file.
      await expect.poll(() => mailer.deliverDue().then(() => existsSync(join(outbox, file!))), { timeout: 10_000 }).toBe(false)
      expect((await service.from('mail_outbox_erasures').select('file').eq('file', file!)).data).toEqual([])
    } finally {
      await mailer.close()
    }
  })
})

describe('lead files outside the database', () => {
  it('the erasure reaches her spooled and dead-letter files (a lead the database never took) at the next pass, and nobody else’s', async () => {
    const person = `marta.${run}@example.com`
    const spoolDir = join(outbox, 'leads-spool')
    const deadLetterDir = join(outbox, 'leads-dead-letter')
    await mkdir(spoolDir)
    await mkdir(deadLetterDir)
    const spooled = (email: string) => JSON.stringify({ id: randomUUID(), name: 'Marta', email, message: 'Hola', page_path: '/contacto' })
    const files = {
      hers: { [join(spoolDir, '1-a.json')]: spooled(person), [join(deadLetterDir, '2-b.json')]: spooled(` ${person.toUpperCase()}`) },
      // Not a lead: written by hand, or cut short. Her address in it is enough.
      mentioning: { [join(deadLetterDir, '3-c.json')]: `{"name": "Marta", "message": "escribid a Marta <${person}>.` },
      others: {
        [join(spoolDir, '4-d.json')]: spooled(`x${person}`),
        [join(deadLetterDir, '5-e.json')]: spooled(`${person}.mx`),
        [join(deadLetterDir, '6-f.json')]: spooled(`marta_${run}@example.com`),
      },
    }
    for (const group of Object.values(files)) for (const [file, content] of Object.entries(group)) await writeFile(file, content)
    const inbox = new LeadInbox({
      service,
      spoolDir,
      deadLetterDir,
      guard: new FormGuard(service, Buffer.alloc(32, 1)),
      notification: () => ({ to: 'equipo@example.com', subject: 'Nuevo contacto', text: '' }),
      fallbackNotification: () => ({ to: 'equipo@example.com', subject: 'Nuevo contacto', text: '' }),
      queued: () => undefined,
    })
    const present = async () => [...(await readdir(spoolDir)), ...(await readdir(deadLetterDir))].sort()

    await inbox.eraseFiles()
    expect(await present()).toEqual(['1-a.json', '2-b.json', '3-c.json', '4-d.json', '5-e.json', '6-f.json'])
    const { data, error } = await admin.client.rpc('erase_data_subject', { address: person })
    expect(error).toBeNull()
    expect(data).toMatchObject({ leads: 0 })
    // The database holds a hash of the address until the server has looked, never the address.
    const pending = (await service.from('lead_file_erasures').select('*')).data ?? []
    expect(pending.length).toBeGreaterThan(0)
    expect(JSON.stringify(pending)).not.toContain(person)

    expect(await inbox.eraseFiles()).toBe(3)
    expect(await present()).toEqual(['4-d.json', '5-e.json', '6-f.json'])
    expect((await service.from('lead_file_erasures').select('*')).data).toEqual([])
  })
})

describe('retention of every copy', () => {
  it('a message older than the retention period goes with its outbox file, whether delivered, given up or waiting', async () => {
    const mailer = new Mailer(restMailQueue(service), outboxTransport(outbox, 'web@localhost'), { outboxDir: outbox })
    try {
      const subject = `Antiguo ${run}`
      await mailer.send({ to: 'equipo@example.com', subject, text: 'x' })
      await expect.poll(() => outboxFileOf(subject), { timeout: 10_000 }).toBeTruthy()
      const { data: old } = await service.from('mail_queue').select('id, outbox_file').eq('message->>subject', subject).single()
      const given = await queue({ to: 'equipo@example.com', subject: `Abandonado ${run}`, text: 'x' })
      const fresh = await queue({ to: 'equipo@example.com', subject: `Reciente ${run}`, text: 'x' })
      const longAgo = new Date(Date.now() - 25 * 30 * 24 * 3600_000).toISOString()
      await service.from('mail_queue').update({ created_at: longAgo }).in('id', [old!.id, given])
      await service.from('mail_queue').update({ next_attempt_at: 'infinity' }).in('id', [given, fresh])

      const cutoff = new Date(Date.now() - 24 * 30 * 24 * 3600_000)
      await mailer.retain(cutoff)
      const { data: left } = await service.from('mail_queue').select('id').in('id', [old!.id, given, fresh])
      expect(left).toEqual([{ id: fresh }])
      expect(existsSync(join(outbox, old!.outbox_file!))).toBe(false)
    } finally {
      await mailer.close()
    }
  })
})

describe('webhook deliveries carrying her data', () => {
  const person = `rosa.${run}@example.com`
  let endpoint: string

  beforeAll(async () => {
    // Paused: the deliveries are queued and kept, and nothing in this test sends them.
    const { data, error } = await service
      .from('webhook_endpoints')
      .insert({
        name: `CRM ${run}`,
        url: 'https://crm.example.com/hooks',
        events: ['lead.created', 'lead.deleted'],
        secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
        state: 'paused',
      })
      .select('id')
      .single()
    if (error) throw new Error(error.message)
    endpoint = data.id
  })
  afterAll(() => service.from('webhook_endpoints').delete().eq('id', endpoint))

  const deliveries = async (lead: string) =>
    (await service.from('webhook_deliveries').select('event, payload').eq('lead_id', lead).order('created_at')).data ?? []

  it('are listed in her data (the endpoint named for admins only); the erasure empties their payload and tells the tools', async () => {
    const id = await insertLead(lead(person))
    expect(JSON.stringify(await deliveries(id))).toContain(person)
    const asAdmin = await admin.client.rpc('data_subject', { address: person })
    expect(asAdmin.data).toMatchObject({ webhook_deliveries: [{ event: 'lead.created', endpoint: `CRM ${run}` }] })
    const asEditor = await editor.client.rpc('data_subject', { address: person })
    expect(asEditor.data).toMatchObject({ webhook_deliveries: [{ event: 'lead.created', endpoint: null }] })

    const { data } = await admin.client.rpc('erase_data_subject', { address: person })
    expect(data).toMatchObject({ leads: 1, webhook_deliveries: 1 })
    const after = await deliveries(id)
    expect(after).toEqual([
      { event: 'lead.created', payload: null },
      { event: 'lead.deleted', payload: expect.objectContaining({ type: 'lead.deleted', data: expect.objectContaining({ id }) }) },
    ])
    expect(JSON.stringify(after)).not.toContain(person)
  })

  it('retention empties the payloads of deliveries older than the period', async () => {
    const id = await insertLead(lead(`old.${run}@example.com`))
    const longAgo = new Date(Date.now() - 25 * 30 * 24 * 3600_000).toISOString()
    await service.from('webhook_deliveries').update({ created_at: longAgo }).eq('lead_id', id)
    const { error } = await service.rpc('webhook_payload_retention', { cutoff: new Date(Date.now() - 24 * 30 * 24 * 3600_000).toISOString() })
    expect(error).toBeNull()
    expect(await deliveries(id)).toEqual([{ event: 'lead.created', payload: null }])
    await service.from('leads').delete().eq('id', id)
  })
})
