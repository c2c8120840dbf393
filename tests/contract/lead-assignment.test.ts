// A lead's owner, its reminder and its first response (supabase/migrations/20261128110000_lead_assignment.sql),
// through supabase-js: who may assign and set the automatic rules (row-level security), the edit-conflict rule
// when two people assign at once, an assignee removed from the team, the columns only the server writes, and
// the server's follow-up (src/host/leadReminders/) sending each mail once even with two servers at it.
import { describe, expect, it } from 'vitest'
import type { TablesUpdate } from '../../src/lib/database.types'
import { startLeadReminders } from '../../src/host/leadReminders/startLeadReminders.ts'
import { parseHolidays, parseWeek } from '../../src/lib/workingHours.ts'
import { account, client, serverWithTeam, unique } from './target.ts'

const team = serverWithTeam()
const service = () => client(team.target, team.target.serviceRoleKey)

async function aLead(over: Record<string, unknown> = {}) {
  const { data, error } = await service()
    .from('leads')
    .insert({ name: unique('Ana'), email: 'ana@example.com', message: 'Hola', page_path: '/', ...over })
    .select()
    .single()
  if (error) throw error
  return data
}

/** The mail queue's messages that name this lead (by its unique name). */
async function mailsAbout(name: string) {
  const { data, error } = await service().from('mail_queue').select('message')
  if (error) throw error
  return data.map((row) => row.message as { to: string; subject: string }).filter((m) => m.subject.includes(name))
}

describe('assigning leads', () => {
  it('an editor assigns a lead to a colleague; the team is listed for every member of staff, for nobody else', async () => {
    const lead = await aLead()
    const { data: team1 } = await team.editor.client.rpc('lead_assignees')
    expect(team1!.map((a) => a.user_id)).toEqual(expect.arrayContaining([team.admin.id, team.editor.id]))
    const outsider = await account(team.target, { staff: false })
    expect((await outsider.client.rpc('lead_assignees')).data).toEqual([])
    expect((await client(team.target).rpc('lead_assignees')).error).not.toBeNull()

    const { data, error } = await team.editor.client.rpc('assign_leads', {
      leads: [{ id: lead.id, updated_at: lead.updated_at }],
      assignee: team.admin.id,
    })
    expect(error).toBeNull()
    expect(data).toHaveLength(1)
    expect(data![0]!.assigned_to).toBe(team.admin.id)
    expect(Date.parse(data![0]!.updated_at)).toBeGreaterThan(Date.parse(lead.updated_at))
  })

  it('two people assigning the same version at once: one wins, the other writes nothing and is told', async () => {
    const lead = await aLead()
    const version = [{ id: lead.id, updated_at: lead.updated_at }]
    const [a, b] = await Promise.all([
      team.editor.client.rpc('assign_leads', { leads: version, assignee: team.editor.id }),
      team.admin.client.rpc('assign_leads', { leads: version, assignee: team.admin.id }),
    ])
    expect([a.data!.length, b.data!.length].sort()).toEqual([0, 1])
    const winner = a.data!.length ? team.editor.id : team.admin.id
    const { data: now } = await service().from('leads').select('assigned_to').eq('id', lead.id).single()
    expect(now!.assigned_to).toBe(winner)
  })

  it('an account removed from the team (or never on it) cannot be assigned, and its leads go back to nobody', async () => {
    const colleague = await account(team.target, { staff: true })
    const outsider = await account(team.target, { staff: false })
    const lead = await aLead()
    const held = await aLead()
    await service().from('leads').update({ assigned_to: colleague.id }).eq('id', held.id)
    await service().from('staff').delete().eq('user_id', colleague.id)

    for (const assignee of [colleague.id, outsider.id]) {
      const { error } = await team.editor.client.rpc('assign_leads', { leads: [{ id: lead.id, updated_at: lead.updated_at }], assignee })
      expect(error?.hint).toBe('assignee_not_staff')
    }
    const { data } = await service().from('leads').select('id, assigned_to').in('id', [lead.id, held.id])
    expect(data!.map((l) => l.assigned_to)).toEqual([null, null])
  })

  it('staff cannot write what only the server and the database write', async () => {
    const lead = await aLead()
    const now = new Date().toISOString()
    const writes: TablesUpdate<'leads'>[] = [
      { first_response_at: now },
      { reminded_at: now },
      { answer_due_at: now },
      { assignee_notified: team.admin.id },
    ]
    for (const write of writes) {
      const { error } = await team.admin.client.from('leads').update(write).eq('id', lead.id)
      expect(error?.code, Object.keys(write)[0]).toBe('42501')
    }
    const admin = team.admin.client
    const calls = {
      lead_follow_ups: admin.rpc('lead_follow_ups', { batch: 10 }),
      admin_emails: admin.rpc('admin_emails'),
      schedule_leads: admin.rpc('schedule_leads', { items: [{ id: lead.id, due: new Date().toISOString() }] }),
      queue_assignment_mail: admin.rpc('queue_assignment_mail', { lead: lead.id, assignee: team.admin.id, message: {} }),
      queue_lead_reminder: admin.rpc('queue_lead_reminder', { lead: lead.id, assignee: team.admin.id, messages: [] }),
    }
    for (const [name, call] of Object.entries(calls)) expect((await call).error?.code, name).toBe('42501')
  })
})

describe('the first response', () => {
  it('is the first change out of «nuevo», not a note; the server’s bookkeeping leaves updated_at alone', async () => {
    const lead = await aLead()
    const noted = await team.editor.client.from('leads').update({ notes: 'Llamar el lunes' }).eq('id', lead.id).select().single()
    expect(noted.data!.first_response_at).toBeNull()
    const answered = await team.editor.client.from('leads').update({ status: 'contactado' }).eq('id', lead.id).select().single()
    expect(answered.data!.first_response_at).not.toBeNull()
    const again = await team.editor.client.from('leads').update({ status: 'descartado' }).eq('id', lead.id).select().single()
    expect(again.data!.first_response_at).toBe(answered.data!.first_response_at)

    const before = again.data!.updated_at
    await service().from('leads').update({ reminded_at: new Date().toISOString() }).eq('id', lead.id)
    const { data } = await service().from('leads').select('updated_at').eq('id', lead.id).single()
    expect(data!.updated_at).toBe(before)
  })

  it('or the first reply link used (lead_replied), for staff only', async () => {
    const lead = await aLead()
    const outsider = await account(team.target, { staff: false })
    await outsider.client.rpc('lead_replied', { lead: lead.id })
    expect((await service().from('leads').select('first_response_at').eq('id', lead.id).single()).data!.first_response_at).toBeNull()
    await team.editor.client.rpc('lead_replied', { lead: lead.id })
    const first = (await service().from('leads').select('first_response_at').eq('id', lead.id).single()).data!.first_response_at
    expect(first).not.toBeNull()
    await team.editor.client.rpc('lead_replied', { lead: lead.id })
    expect((await service().from('leads').select('first_response_at').eq('id', lead.id).single()).data!.first_response_at).toBe(first)
  })

  it('lead_response_times counts for staff; anyone else sees nothing', async () => {
    const since = new Date(Date.now() - 60_000).toISOString()
    const { data } = await team.editor.client.rpc('lead_response_times', { since })
    expect(data![0]!.answered).toBeGreaterThan(0)
    const outsider = await account(team.target, { staff: false })
    expect((await outsider.client.rpc('lead_response_times', { since })).data![0]!.answered).toBe(0)
  })
})

describe('automatic assignment per service', () => {
  it('admins set it, editors only read it, and a new lead for the service takes it', async () => {
    const slug = unique('servicio')
    const refused = await team.editor.client.from('lead_assignment_rules').insert({ service: slug, user_id: team.editor.id })
    expect(refused.error?.code).toBe('42501')
    const { error } = await team.admin.client.from('lead_assignment_rules').insert({ service: slug, user_id: team.editor.id })
    expect(error).toBeNull()
    expect((await team.editor.client.from('lead_assignment_rules').select('user_id').eq('service', slug)).data).toEqual([{ user_id: team.editor.id }])
    expect((await client(team.target).from('lead_assignment_rules').select('user_id')).error).not.toBeNull()
    const changed = await team.editor.client.from('lead_assignment_rules').update({ user_id: team.admin.id }).eq('service', slug).select()
    expect(changed.data).toEqual([])

    expect((await aLead({ service: slug })).assigned_to).toBe(team.editor.id)
    expect((await aLead({ service: unique('otro') })).assigned_to).toBeNull()
  })

  it('an admin changes a service’s person as the «Asignación automática» screen does, with one upsert', async () => {
    const slug = unique('servicio')
    for (const person of [team.editor.id, team.admin.id]) {
      const { error } = await team.admin.client.from('lead_assignment_rules').upsert({ service: slug, user_id: person })
      expect(error).toBeNull()
      expect((await team.admin.client.from('lead_assignment_rules').select('user_id').eq('service', slug)).data).toEqual([{ user_id: person }])
    }
    const refused = await team.editor.client.from('lead_assignment_rules').upsert({ service: slug, user_id: team.editor.id })
    expect(refused.error?.code).toBe('42501')
  })
})

describe('the follow-up in the server', () => {
  const aroundTheClock = { timeZone: 'Europe/Madrid', week: parseWeek('1-7 00:00-24:00'), holidays: parseHolidays('') }
  const followUp = () =>
    startLeadReminders({
      service: service(),
      mailer: { deliverDue: async () => 0 },
      adminUrl: 'http://localhost:3000',
      answerHours: 0.0003, // about a second
      workingHours: aroundTheClock,
      everyMs: 60_000,
      serviceName: () => undefined,
    })

  it('two servers at once: the assignee is told once, and an overdue lead is reminded once, to its assignee', async () => {
    const lead = await aLead()
    await service().from('leads').update({ assigned_to: team.editor.id }).eq('id', lead.id)
    const unowned = await aLead()
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const [a, b] = [followUp(), followUp()]
    await Promise.all([a.run(), b.run()])
    await Promise.all([a.run(), b.run()])
    await Promise.all([a.close(), b.close()])

    const mails = await mailsAbout(lead.name)
    expect(mails.filter((m) => m.subject.startsWith('Te han asignado'))).toEqual([expect.objectContaining({ to: team.editor.email })])
    expect(mails.filter((m) => m.subject.startsWith('Contacto sin responder'))).toEqual([expect.objectContaining({ to: team.editor.email })])
    // Nobody owns the other one: each admin gets the one reminder.
    const unownedMails = await mailsAbout(unowned.name)
    expect(unownedMails.map((m) => m.to)).toContain(team.admin.email)
    expect(new Set(unownedMails.map((m) => m.to)).size).toBe(unownedMails.length)

    // A restart (a new server) sends nothing again.
    const c = followUp()
    await c.run()
    await c.close()
    expect(await mailsAbout(lead.name)).toHaveLength(2)
  })

  it('a lead answered before its due time is not reminded', async () => {
    const lead = await aLead()
    await team.editor.client.from('leads').update({ status: 'contactado' }).eq('id', lead.id)
    await new Promise((resolve) => setTimeout(resolve, 1500))
    const a = followUp()
    await a.run()
    await a.run()
    await a.close()
    expect(await mailsAbout(lead.name)).toEqual([])
  })
})
