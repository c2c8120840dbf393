import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { durationLabel } from '../../src/admin/dashboard/responseFigures'
import { filterLeads, isOverdue, MINE, NO_SERVICE, NOBODY, noFilter, type LeadRow } from '../../src/admin/leads/leads'
import { leadsCsv } from '../../src/admin/leads/leadsCsv'
import { leadStatsOf } from '../../src/admin/leads/leadStats'
import { replyMailto } from '../../src/admin/leads/ReplyLinks'
import { internationalDigits, phoneLinks } from '../../src/lib/contact'
import { NO_ATTRIBUTION } from '../support/leads'

const services = [
  { slug: 'shopify', name: 'Desarrollo Shopify' },
  { slug: 'consultoria-uxui', name: 'Consultoría UX/UI' },
]

function lead(over: Partial<LeadRow>): LeadRow {
  return {
    id: 'id',
    created_at: '2026-11-25T10:00:00+00:00',
    updated_at: '2026-11-25T10:00:00+00:00',
    name: 'Ana Pérez',
    email: 'ana@example.com',
    company: null,
    phone: null,
    service: null,
    message: 'Hola',
    page_path: '/',
    ...NO_ATTRIBUTION,
    verified: true,
    status: 'nuevo',
    notes: '',
    assigned_to: null,
    assignee_notified: null,
    answer_due_at: null,
    reminded_at: null,
    first_response_at: null,
    ...over,
  }
}

describe('the Contactos list', () => {
  const rows = [
    lead({ id: 'old-new', created_at: '2026-11-01T10:00:00+00:00', service: 'shopify', company: 'Tiendas Gómez' }),
    lead({ id: 'recent-done', created_at: '2026-11-20T10:00:00+00:00', status: 'contactado', message: 'Quiero una auditoría de gestión' }),
    lead({ id: 'recent-new', created_at: '2026-11-24T10:00:00+00:00', name: 'Luis', email: 'luis@example.org' }),
  ]
  const ids = (list: LeadRow[]) => list.map((l) => l.id)

  it('shows new leads first, then the newest', () => {
    expect(ids(filterLeads(rows, noFilter))).toEqual(['recent-new', 'old-new', 'recent-done'])
  })
  it('filters by status and by service, «Sin servicio» included', () => {
    expect(ids(filterLeads(rows, { ...noFilter, status: 'contactado' }))).toEqual(['recent-done'])
    expect(ids(filterLeads(rows, { ...noFilter, service: 'shopify' }))).toEqual(['old-new'])
    expect(ids(filterLeads(rows, { ...noFilter, service: NO_SERVICE }))).toEqual(['recent-new', 'recent-done'])
  })
  it('searches name, e-mail, company and message, ignoring case and accents, every word', () => {
    expect(ids(filterLeads(rows, { ...noFilter, query: 'GOMEZ' }))).toEqual(['old-new'])
    expect(ids(filterLeads(rows, { ...noFilter, query: 'gestion auditoria' }))).toEqual(['recent-done'])
    expect(ids(filterLeads(rows, { ...noFilter, query: 'example.org' }))).toEqual(['recent-new'])
    expect(ids(filterLeads(rows, { ...noFilter, query: 'ana nadie' }))).toEqual([])
  })
})

describe('the CSV export', () => {
  const rows = [
    lead({
      name: 'José Muñoz; "Pepe"',
      phone: '+34 612 345 678',
      company: '=HYPERLINK("http://evil.example","pulsa")',
      message: 'Línea 1\nLínea 2',
      service: 'shopify',
      utm_source: '@google',
      verified: false,
      notes: '-2+3',
    }),
  ]
  const csv = leadsCsv(rows, services)

  it('is UTF-8 with a byte-order mark, «;»-separated, every field quoted, CRLF lines', () => {
    expect(csv.startsWith('\uFEFF"Fecha";"Estado";"Nombre";"Email"')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    expect(csv.split('\r\n')).toHaveLength(3)
  })
  it('reads back as the same values, with formula starts made harmless by an apostrophe', () => {
    const [header, row] = Papa.parse<string[]>(csv.slice(1).trimEnd(), { delimiter: ';' }).data
    const cell = (name: string) => row![header!.indexOf(name)]
    expect(cell('Fecha')).toBe('25/11/2026 11:00')
    expect(cell('Estado')).toBe('Nuevo')
    expect(cell('Nombre')).toBe('José Muñoz; "Pepe"')
    expect(cell('Mensaje')).toBe('Línea 1\nLínea 2')
    expect(cell('Servicio')).toBe('Desarrollo Shopify')
    expect(cell('Empresa')).toBe(`'=HYPERLINK("http://evil.example","pulsa")`)
    expect(cell('Teléfono')).toBe("'+34 612 345 678")
    expect(cell('utm_source')).toBe("'@google")
    expect(cell('Notas')).toBe("'-2+3")
    expect(cell('Verificado')).toBe('No')
  })
})

describe('reply links', () => {
  it('reads a Spanish number with or without its prefix, and refuses what is not a number', () => {
    expect(internationalDigits('612 34 56 78')).toBe('34612345678')
    expect(internationalDigits('+34 612-345-678')).toBe('34612345678')
    expect(internationalDigits('0034 612 345 678')).toBe('34612345678')
    expect(internationalDigits('(+44) 20 7946 0958')).toBe('442079460958')
    expect(internationalDigits('12345')).toBeNull()
    expect(internationalDigits('llámame')).toBeNull()
    expect(phoneLinks('612345678', 'Hola, Ana')).toEqual({ tel: 'tel:+34612345678', whatsapp: 'https://wa.me/34612345678?text=Hola%2C%20Ana' })
  })
  it('writes a mailto that nothing typed in the address can add fields to', () => {
    expect(replyMailto('ana@example.com', 'Tu consulta — Nexo')).toBe('mailto:ana@example.com?subject=Tu%20consulta%20%E2%80%94%20Nexo')
    expect(replyMailto('a@b.com?bcc=x@evil.example', 'x')).toBe('mailto:a@b.com%3Fbcc%3Dx@evil.example?subject=x')
  })
})

describe('leads per page and per service', () => {
  it('lists the database’s counts most first, the total from the pages', () => {
    const stats = leadStatsOf([
      { dimension: 'page', key: '/', leads: 1 },
      { dimension: 'page', key: '/shopify', leads: 3 },
      { dimension: 'service', key: 'shopify', leads: 3 },
      { dimension: 'service', key: '', leads: 1 },
    ])
    expect(stats.total).toBe(4)
    expect(stats.byPage).toEqual([
      { key: '/shopify', count: 3 },
      { key: '/', count: 1 },
    ])
    expect(stats.byService.map((t) => t.key)).toEqual(['shopify', ''])
  })
})

describe('what the contact form records of a post', () => {
  it('the page path is the site’s own, normalised: never a path a browser reads as another host', async () => {
    const { sitePath } = await import('../../src/leads/submit.server')
    expect(sitePath('/shopify')).toBe('/shopify')
    expect(sitePath('//evil.example/')).toBe('/evil.example/')
    expect(sitePath('/\\evil.example/')).toBe('/evil.example/')
    expect(sitePath('/a/../..//b/./c')).toBe('/b/c')
    expect(sitePath('/%2e%2e/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example')
  })

  it('a referrer over 2,000 characters is cut with a visible «…», never inside a character, control characters removed', async () => {
    const { hiddenField } = await import('../../src/leads/submit.server')
    const long = `https://a.example/?q=${'😀'.repeat(3000)}`
    const cut = hiddenField(long, 2000)!
    expect(Array.from(cut)).toHaveLength(2000)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut).not.toMatch(/\p{Cs}/u)
    expect(hiddenField('https://a.example/\u0000x\r\nVerificación: sí', 2000)).toBe('https://a.example/x Verificación: sí')
    expect(hiddenField('', 200)).toBeNull()
  })
})

describe('owner and promise in the Contactos list', () => {
  const rows = [
    lead({ id: 'mine', assigned_to: 'me' }),
    lead({ id: 'theirs', assigned_to: 'colleague' }),
    lead({ id: 'nobodys', created_at: '2026-11-24T10:00:00+00:00' }),
  ]
  const ids = (list: LeadRow[]) => list.map((l) => l.id)

  it('«Mis contactos», «Sin asignar» and one person filter by owner', () => {
    expect(ids(filterLeads(rows, { ...noFilter, assignee: MINE }, 'me'))).toEqual(['mine'])
    expect(ids(filterLeads(rows, { ...noFilter, assignee: NOBODY }, 'me'))).toEqual(['nobodys'])
    expect(ids(filterLeads(rows, { ...noFilter, assignee: 'colleague' }, 'me'))).toEqual(['theirs'])
  })

  it('a lead is overdue when still «Nuevo», unanswered and past its due time', () => {
    const now = new Date('2026-11-26T10:00:00Z')
    const due = { answer_due_at: '2026-11-26T09:00:00Z' }
    expect(isOverdue(lead(due), now)).toBe(true)
    expect(isOverdue(lead({ answer_due_at: '2026-11-26T11:00:00Z' }), now)).toBe(false)
    expect(isOverdue(lead({ ...due, status: 'contactado' }), now)).toBe(false)
    expect(isOverdue(lead({ ...due, first_response_at: '2026-11-26T08:00:00Z' }), now)).toBe(false)
    expect(isOverdue(lead({}), now)).toBe(false)
  })

  it('response times read as minutes, hours and days', () => {
    expect(durationLabel(44 * 60)).toBe('44 min')
    expect(durationLabel(3 * 3600 + 20 * 60)).toBe('3 h 20 min')
    expect(durationLabel(2 * 86400)).toBe('2 d')
    expect(durationLabel(2 * 86400 + 4 * 3600 + 59)).toBe('2 d 4 h')
  })
})
