// The leads table and the mail queue beyond the permission matrix: what the site server (service role) may
// store, what the database refuses whoever writes, and what only the server may call.
import { describe, expect, it } from 'vitest'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()
const lead = (over: Record<string, unknown> = {}) => ({
  name: 'Ana Pérez',
  email: 'ana@example.com',
  message: unique('Quiero migrar mi tienda'),
  page_path: '/shopify',
  service: 'shopify',
  ...over,
})

describe('leads', () => {
  it('the service role inserts a lead: new, verified, with empty notes', async () => {
    const { data, error } = await roles.service
      .from('leads')
      .insert(lead({ utm_source: 'google' }))
      .select()
      .single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'nuevo', verified: true, notes: '', page_path: '/shopify', service: 'shopify', utm_source: 'google' })
  })

  it('staff see it, change its status and notes, and updated_at moves', async () => {
    const { data: created } = await roles.service.from('leads').insert(lead()).select().single()
    const { data, error } = await roles.staff
      .from('leads')
      .update({ status: 'contactado', notes: 'Llamado el lunes' })
      .eq('id', created!.id)
      .select()
      .single()
    expect(error).toBeNull()
    expect(data).toMatchObject({ status: 'contactado', notes: 'Llamado el lunes' })
    expect(Date.parse(data!.updated_at)).toBeGreaterThan(Date.parse(created!.updated_at))
  })

  it.each([
    ['a line break in the name (header injection)', { name: 'Ana\r\nBcc: x@example.com' }],
    ['a line break in the e-mail', { email: 'ana@example.com\nBcc: x@example.com' }],
    ['an unknown status', { status: 'ganado' }],
    ['an empty message', { message: '   ' }],
    ['an overlong message', { message: 'x'.repeat(5001) }],
    ['a page path that is not a path', { page_path: 'https://example.com/' }],
  ])('the database refuses %s, even from the service role', async (_, over) => {
    const { error } = await roles.service.from('leads').insert(lead(over))
    expect(error?.code).toBe('23514')
  })

  it('a new lead does not change the CMS revision (no page is re-rendered for it)', async () => {
    const before = (await roles.anon.from('cms_revision').select('revision').single()).data!.revision
    await roles.service.from('leads').insert(lead())
    const after = (await roles.anon.from('cms_revision').select('revision').single()).data!.revision
    expect(after).toBe(before)
  })
})

describe('mail queue', () => {
  it('the service role claims a due message once: a second claim while it is leased gets nothing', async () => {
    const subject = unique('asunto')
    await roles.service.from('mail_queue').insert({ message: { to: 'equipo@example.com', subject, text: 'x' } })
    const first = await roles.service.rpc('claim_mail', { batch: 100, lease_seconds: 60 })
    expect(first.error).toBeNull()
    const mine = (first.data ?? []).filter((m) => (m.message as { subject?: string }).subject === subject)
    expect(mine).toHaveLength(1)
    expect(mine[0]!.attempts).toBe(1)
    const second = await roles.service.rpc('claim_mail', { batch: 100, lease_seconds: 60 })
    expect((second.data ?? []).some((m) => (m.message as { subject?: string }).subject === subject)).toBe(false)
  })

  it('anonymous and staff clients cannot claim messages', async () => {
    expect((await roles.anon.rpc('claim_mail', { batch: 1, lease_seconds: 1 })).error?.code).toBe('42501')
    expect((await roles.staff.rpc('claim_mail', { batch: 1, lease_seconds: 1 })).error?.code).toBe('42501')
  })
})

describe('form guard', () => {
  it('the service role counts uses of a key in one statement; a new key starts at 1', async () => {
    const key = unique('rate:')
    const hit = () => roles.service.rpc('form_guard_hit', { guard_key: key, ttl_seconds: 60 })
    expect((await hit()).data).toBe(1)
    expect((await hit()).data).toBe(2)
    expect((await roles.service.rpc('form_guard_hit', { guard_key: unique('rate:'), ttl_seconds: 60 })).data).toBe(1)
  })

  it('a use after the window starts a new one', async () => {
    const key = unique('rate:')
    await roles.service.from('form_guard').insert({ key, hits: 9, expires_at: new Date(Date.now() - 1000).toISOString() })
    expect((await roles.service.rpc('form_guard_hit', { guard_key: key, ttl_seconds: 60 })).data).toBe(1)
  })

  it('anonymous and staff clients cannot count', async () => {
    expect((await roles.anon.rpc('form_guard_hit', { guard_key: 'rate:x', ttl_seconds: 1 })).error?.code).toBe('42501')
    expect((await roles.staff.rpc('form_guard_hit', { guard_key: 'rate:x', ttl_seconds: 1 })).error?.code).toBe('42501')
  })
})

describe('accepting a post (accept_lead)', () => {
  const accept = (args: Record<string, unknown>, as = roles.service) =>
    as.rpc('accept_lead', { lead: { id: crypto.randomUUID(), verified: true, ...lead() }, ...args })
  const queuedFor = async (subject: string) => (await roles.service.from('mail_queue').select('id').eq('message->>subject', subject)).data ?? []
  const notification = (subject: string) => ({ to: 'equipo@example.com', subject, text: 'Nuevo contacto' })

  it('stores the lead and queues its notification; a retry of the same lead stores and queues nothing twice', async () => {
    const subject = unique('contacto')
    const row = { id: crypto.randomUUID(), verified: false, ...lead() }
    const first = await roles.service.rpc('accept_lead', { lead: row, notification: notification(subject) })
    expect(first).toMatchObject({ data: 'stored', error: null })
    expect((await roles.service.rpc('accept_lead', { lead: row, notification: notification(subject) })).data).toBe('stored')
    const { data } = await roles.service.from('leads').select('id, verified, message').eq('message', row.message)
    expect(data).toEqual([{ id: row.id, verified: false, message: row.message }])
    expect(await queuedFor(subject)).toHaveLength(1)
  })

  it('a lead the database refuses queues no notification either', async () => {
    const subject = unique('contacto')
    const { error } = await roles.service.rpc('accept_lead', {
      lead: { id: crypto.randomUUID(), verified: true, ...lead({ name: 'Ana\nBcc: x@example.com' }) },
      notification: notification(subject),
    })
    expect(error?.code).toBe('23514')
    expect(await queuedFor(subject)).toEqual([])
  })

  it('an address over its limit and a used proof are refused with nothing stored', async () => {
    const rate = { rate_key: unique('rate:'), rate_limit: 1, rate_ttl_seconds: 60 }
    expect((await accept(rate)).data).toBe('stored')
    const over = lead()
    const refused = await roles.service.rpc('accept_lead', { lead: { id: crypto.randomUUID(), verified: true, ...over }, ...rate })
    expect(refused.data).toBe('rate-limited')
    const proof = { proof_key: unique('proof:'), proof_ttl_seconds: 60 }
    expect((await accept(proof)).data).toBe('stored')
    const replayed = lead()
    expect((await roles.service.rpc('accept_lead', { lead: { id: crypto.randomUUID(), verified: true, ...replayed }, ...proof })).data).toBe(
      'replayed',
    )
    const stored = await roles.service.from('leads').select('id').in('message', [over.message, replayed.message])
    expect(stored.data).toEqual([])
  })

  it('anonymous and staff clients cannot call it', async () => {
    expect((await accept({}, roles.anon)).error?.code).toBe('42501')
    expect((await accept({}, roles.staff)).error?.code).toBe('42501')
  })
})
