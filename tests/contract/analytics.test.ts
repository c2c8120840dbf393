// The analytics tables through supabase-js: only the service role (the site server) writes events and salts;
// staff read the report; anonymous and non-staff clients can neither read nor write. The report counts
// visitors per day, attributes sources to the visitor's landing, rolls finished days up without changing a
// figure, and counts a page's leads from public.leads (the number Contactos shows).
import { describe, expect, it } from 'vitest'
import { account, serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

type Report = {
  totals: { visitors: number; pageviews: number; converted: number; leads: number }
  series: { day: string; visitors: number; pageviews: number; leads: number }[]
  pages: { path: string; visitors: number; pageviews: number; form_seen: number; form_started: number; leads: number; whatsapp_clicks: number }[]
  dimensions: Record<string, { value: string; visitors: number; converted: number }[]>
}

const hash = (n: number) => n.toString(16).padStart(32, '0')

/** A day far from any other test's (the report is per day), as yyyy-mm-dd, and a moment at noon in Madrid. */
function isolatedDay(offset: number): { day: string; at: (minute: number) => string } {
  const base = Date.UTC(2020, 0, 1) + (Math.floor(Math.random() * 900) * 3 + offset) * 86_400_000
  const day = new Date(base).toISOString().slice(0, 10)
  return { day, at: (minute) => new Date(base + 11 * 3_600_000 + minute * 60_000).toISOString() }
}

describe('analytics', () => {
  it('counts visitors per day, sources by their landing, conversions, and the same figures once rolled up', async () => {
    const { day, at } = isolatedDay(0)
    const page = `/${unique('landing')}`
    const view = (visitor: number, minute: number, extra: Record<string, string> = {}) => ({
      visitor: hash(visitor),
      kind: 'pageview',
      path: page,
      occurred_at: at(minute),
      referrer_host: 'directo',
      device: 'móvil',
      browser: 'Chrome',
      ...extra,
    })
    const events = [
      view(1, 0, { referrer_host: 'www.linkedin.com', utm_source: 'linkedin', utm_medium: 'social', utm_campaign: 'otoño' }),
      view(1, 1, { referrer_host: 'directo' }),
      { visitor: hash(1), kind: 'form_seen', path: page, occurred_at: at(2) },
      { visitor: hash(1), kind: 'form_started', path: page, occurred_at: at(3) },
      { visitor: hash(1), kind: 'lead', path: page, occurred_at: at(4) },
      view(2, 5, { referrer_host: 'www.google.com' }),
      { visitor: hash(2), kind: 'whatsapp_click', path: page, occurred_at: at(6) },
      view(3, 7),
    ]
    expect((await roles.service.rpc('record_analytics', { events })).error).toBeNull()
    await roles.service.from('leads').insert({ name: 'Ana', email: 'ana@example.com', message: 'Hola', page_path: page, created_at: at(4) })

    const read = async () => {
      const { data, error } = await roles.staff.rpc('analytics_report', { p_from: day, p_to: day })
      expect(error).toBeNull()
      return data as Report
    }
    const live = await read()
    expect(live.totals).toMatchObject({ visitors: 3, pageviews: 4, converted: 2, leads: 1 })
    expect(live.pages.find((p) => p.path === page)).toMatchObject({
      visitors: 3,
      pageviews: 4,
      form_seen: 1,
      form_started: 1,
      leads: 1,
      whatsapp_clicks: 1,
    })
    expect(live.dimensions.source).toEqual(
      expect.arrayContaining([
        { value: 'linkedin', visitors: 1, pageviews: 2, converted: 1 },
        { value: 'www.google.com', visitors: 1, pageviews: 1, converted: 1 },
        { value: 'directo', visitors: 1, pageviews: 1, converted: 0 },
      ]),
    )
    expect(live.dimensions.campaign).toEqual([{ value: 'linkedin / social / otoño', visitors: 1, pageviews: 2, converted: 1 }])

    // A lead's event keeps its day, not its moment: it cannot be matched to the lead's row by time.
    const { data: leadEvents } = await roles.service.from('analytics_events').select('occurred_at').eq('path', page).eq('kind', 'lead')
    const madrid = new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid', dateStyle: 'short', timeStyle: 'short' })
    expect(leadEvents!.map((e) => madrid.format(new Date(e.occurred_at)))).toEqual([`${day} 00:00`])

    const tomorrow = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)
    expect((await roles.service.rpc('analytics_roll_up', { p_today: tomorrow })).error).toBeNull()
    const rolled = await read()
    expect(rolled).toEqual(live)
    const { count } = await roles.service.from('analytics_daily').select('*', { count: 'exact', head: true }).eq('day', day)
    expect(count).toBeGreaterThan(0)
  })

  it('keeps one salt per day for every server, and deletes it once its day is over', async () => {
    const { day } = isolatedDay(1)
    const salt = (n: string) => n.repeat(64)
    const first = await roles.service.rpc('analytics_salt', { p_day: day, p_candidate: salt('a') })
    const second = await roles.service.rpc('analytics_salt', { p_day: day, p_candidate: salt('b') })
    expect(first.data).toBe(salt('a'))
    expect(second.data).toBe(salt('a'))
    const later = new Date(Date.parse(day) + 86_400_000).toISOString().slice(0, 10)
    await roles.service.rpc('analytics_salt', { p_day: later, p_candidate: salt('c') })
    const { data } = await roles.service.from('analytics_salts').select('day').eq('day', day)
    expect(data).toEqual([])
  })

  it('lets nobody but the service role write, and nobody but staff read', async () => {
    const { day } = isolatedDay(2)
    const event = { visitor: hash(9), kind: 'pageview', path: '/', occurred_at: `${day}T12:00:00Z` }
    const { client: user } = await account(roles.target, { staff: false })
    for (const client of [roles.anon, user, roles.staff]) {
      expect((await client.rpc('record_analytics', { events: [event] })).error?.code).toBe('42501')
      expect((await client.from('analytics_events').insert({ ...event, day })).error).not.toBeNull()
      expect((await client.rpc('analytics_salt', { p_day: day, p_candidate: 'a'.repeat(64) })).error?.code).toBe('42501')
      expect((await client.from('analytics_salts').select('salt')).data ?? []).toEqual([])
    }
    for (const client of [roles.anon, user]) {
      expect((await client.rpc('analytics_report', { p_from: day, p_to: day })).error?.code).toBe('42501')
      expect((await client.from('analytics_daily').select('*')).data ?? []).toEqual([])
      expect((await client.from('analytics_events').select('*')).data ?? []).toEqual([])
    }
  })

  it('refuses events the table does not describe', async () => {
    const bad = [
      { visitor: 'not-a-hash', kind: 'pageview', path: '/', occurred_at: new Date().toISOString() },
      { visitor: hash(1), kind: 'purchase', path: '/', occurred_at: new Date().toISOString() },
      { visitor: hash(1), kind: 'pageview', path: 'javascript:alert(1)', occurred_at: new Date().toISOString() },
    ]
    for (const event of bad) expect((await roles.service.rpc('record_analytics', { events: [event] })).error?.code).toBe('23514')
  })
})
