// Webhooks through supabase-js (supabase/migrations/20261128120000_webhooks.sql, docs/webhooks.md): admins keep
// the endpoints and read the delivery log, editors see and do nothing of it; the secret is written once and
// never read back; every write to a lead queues its event for the endpoints that chose it, and the queue is
// claimed by one server at a time.
import { randomBytes } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/database.types'
import { client, serverWithTeam, unique } from './target.ts'

const team = serverWithTeam()
const service = (): SupabaseClient<Database> => client(team.target, team.target.serviceRoleKey)
const secret = () => `whsec_${randomBytes(24).toString('base64')}`

async function anEndpoint(events: string[] = ['lead.created', 'lead.updated', 'lead.deleted']) {
  const { data, error } = await team.admin.client
    .from('webhook_endpoints')
    .insert({ name: unique('CRM'), url: `https://${unique('crm')}.example.com/hook`, events, secret: secret() })
    .select('id, state')
    .single()
  if (error) throw error
  return data
}

async function aLead() {
  const { data, error } = await service()
    .from('leads')
    .insert({ name: 'Ana Pérez', email: `${unique('ana')}@example.com`, message: 'Hola', page_path: '/contacto' })
    .select('id, email')
    .single()
  if (error) throw error
  return data
}

const deliveriesOf = async (endpointId: string) =>
  (await service().from('webhook_deliveries').select('event, lead_id, payload').eq('endpoint_id', endpointId).order('created_at')).data ?? []

describe('webhook endpoints', () => {
  it('an admin adds one (it waits for the server to check its address) and never reads its secret back', async () => {
    const made = await anEndpoint()
    expect(made.state).toBe('checking')
    const mine = await team.admin.client.from('webhook_endpoints').select('id, name, url, events, format, state').eq('id', made.id)
    expect(mine.data).toHaveLength(1)
    const secretRead = await team.admin.client.from('webhook_endpoints').select('secret').eq('id', made.id)
    expect(secretRead.error?.code).toBe('42501')
    // The server reads it, to sign.
    const signed = await service().from('webhook_endpoints').select('secret').eq('id', made.id).single()
    expect(signed.data?.secret).toMatch(/^whsec_/)
  })

  it('an editor cannot read, add, change or remove endpoints, nor read the log, send a test or resend', async () => {
    const made = await anEndpoint()
    const { editor } = team
    expect((await editor.client.from('webhook_endpoints').select('id, url')).data).toEqual([])
    const added = await editor.client
      .from('webhook_endpoints')
      .insert({ name: 'x', url: 'https://x.example.com', events: ['lead.created'], secret: secret() })
    expect(added.error?.code).toBe('42501')
    const changed = await editor.client.from('webhook_endpoints').update({ url: 'https://evil.example.com' }).eq('id', made.id).select('id')
    expect(changed.data).toEqual([])
    const removed = await editor.client.from('webhook_endpoints').delete().eq('id', made.id).select('id')
    expect(removed.data).toEqual([])
    const still = await service().from('webhook_endpoints').select('url').eq('id', made.id).single()
    expect(still.data?.url).not.toContain('evil')

    await aLead()
    expect((await editor.client.from('webhook_deliveries').select('id')).data).toEqual([])
    expect((await editor.client.from('webhook_attempts').select('id')).data).toEqual([])
    const test = await editor.client.rpc('send_test_webhook', { p_endpoint: made.id })
    expect(test.error?.code).toBe('42501')
    const [delivery] = (await service().from('webhook_deliveries').select('id').eq('endpoint_id', made.id)).data ?? []
    const resend = await editor.client.rpc('resend_webhook_delivery', { p_delivery: delivery!.id })
    expect(resend.error?.code).toBe('42501')
    // Anonymous callers are refused outright.
    expect((await client(team.target).from('webhook_endpoints').select('id')).error?.code).toBe('42501')
  })

  it('refuses a URL that is http (not loopback), carries credentials or is malformed, and the state only the server sets', async () => {
    for (const url of ['http://crm.example.com/hook', 'https://user:pass@crm.example.com/hook', 'crm.example.com', 'https://crm example.com']) {
      const { error } = await team.admin.client.from('webhook_endpoints').insert({ name: 'x', url, events: ['lead.created'], secret: secret() })
      expect(error?.code, url).toBe('23514')
      expect(error?.message, url).toContain('webhook_endpoint_url')
    }
    const made = await anEndpoint()
    const activated = await team.admin.client.from('webhook_endpoints').update({ state: 'active' }).eq('id', made.id)
    expect(activated.error?.code).toBe('42501')
    // A changed URL is checked again, whatever state it was in.
    await service().from('webhook_endpoints').update({ state: 'active' }).eq('id', made.id)
    const moved = await team.admin.client
      .from('webhook_endpoints')
      .update({ url: 'https://otro.example.com/' })
      .eq('id', made.id)
      .select('state')
      .single()
    expect(moved.data?.state).toBe('checking')
  })
})

describe('lead events', () => {
  it('a new lead, a change of status and a deletion each queue their event; a note alone queues none', async () => {
    const all = await anEndpoint()
    const createdOnly = await anEndpoint(['lead.created'])
    const lead = await aLead()
    await team.editor.client.from('leads').update({ notes: 'llamar el lunes' }).eq('id', lead.id)
    await team.editor.client.from('leads').update({ status: 'contactado' }).eq('id', lead.id)
    await team.editor.client.from('leads').delete().eq('id', lead.id)

    const sent = await deliveriesOf(all.id)
    expect(sent.map((d) => d.event)).toEqual(['lead.created', 'lead.updated', 'lead.deleted'])
    expect(sent.every((d) => d.lead_id === lead.id)).toBe(true)
    const [created, updated, deleted] = sent.map((d) => d.payload as { type: string; data: Record<string, unknown> })
    expect(created).toMatchObject({ type: 'lead.created', data: { id: lead.id, email: lead.email, name: 'Ana Pérez' } })
    expect(created!.data).not.toHaveProperty('notes')
    expect(updated).toMatchObject({ type: 'lead.updated', data: { status: 'contactado', previous: { status: 'nuevo' } } })
    // No personal data in a deletion: the id and the time only.
    expect(Object.keys(deleted!.data).sort()).toEqual(['deleted_at', 'id'])

    expect((await deliveriesOf(createdOnly.id)).map((d) => d.event)).toEqual(['lead.created'])
    // Admins read the log.
    expect((await team.admin.client.from('webhook_deliveries').select('event').eq('endpoint_id', all.id)).data).toHaveLength(3)
  })

  it("an erased payload takes the endpoint's echoed response along; a lead.deleted payload stays", async () => {
    const endpoint = await anEndpoint()
    const lead = await aLead()
    const db = service()
    await db.from('webhook_endpoints').update({ state: 'active' }).eq('id', endpoint.id)
    const claimed = (await db.rpc('claim_webhook_deliveries', { p_batch: 50, p_per_endpoint: 50, p_lease_seconds: 60, p_skip: [] })).data ?? []
    const mine = claimed.find((d) => d.endpoint_id === endpoint.id)!
    await db.rpc('record_webhook_attempt', {
      p_delivery: mine.id,
      p_status: 200,
      p_duration_ms: 12,
      p_error: null as unknown as string,
      p_response_body: `recibido ${lead.email}`,
      p_retry_at: null as unknown as string,
      p_pause_after_seconds: 86_400,
    })
    await db.from('leads').delete().eq('id', lead.id)
    await db.from('webhook_deliveries').update({ payload: null }).eq('lead_id', lead.id)

    const rows = (await db.from('webhook_deliveries').select('id, event, payload, delivered_at').eq('endpoint_id', endpoint.id)).data ?? []
    expect(rows.find((r) => r.event === 'lead.created')).toMatchObject({ payload: null, delivered_at: expect.any(String) })
    expect(rows.find((r) => r.event === 'lead.deleted')?.payload).toMatchObject({ data: { id: lead.id } })
    const attempts = (await db.from('webhook_attempts').select('status, response_body').eq('delivery_id', mine.id)).data
    expect(attempts).toEqual([{ status: 200, response_body: null }])
  })

  it('two servers claiming at once never get the same delivery', async () => {
    const endpoint = await anEndpoint(['lead.created'])
    await service().from('webhook_endpoints').update({ state: 'active' }).eq('id', endpoint.id)
    for (let i = 0; i < 6; i += 1) await aLead()
    const claim = () =>
      service()
        .rpc('claim_webhook_deliveries', { p_batch: 20, p_per_endpoint: 4, p_lease_seconds: 60, p_skip: [] })
        .then((r) => (r.data ?? []).filter((d) => d.endpoint_id === endpoint.id).map((d) => d.id))
    const [a, b] = await Promise.all([claim(), claim()])
    expect(a.length + b.length).toBe(6)
    expect(new Set([...a, ...b]).size).toBe(6)
    // At most four per endpoint per claim: a slow endpoint never takes every slot.
    expect(Math.max(a.length, b.length)).toBeLessThanOrEqual(4)
  })
})
