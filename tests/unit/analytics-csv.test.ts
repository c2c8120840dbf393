import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { analyticsCsv, analyticsCsvRows, csvFields } from '../../src/admin/analytics/analyticsCsv'
import type { AnalyticsReport } from '../../src/admin/analytics/report'

const report: AnalyticsReport = {
  from: '2026-11-27',
  to: '2026-11-28',
  totals: { visitors: 5, pageviews: 9, converted: 2, leads: 1 },
  series: [
    { day: '2026-11-27', visitors: 2, pageviews: 3, converted: 0, leads: 0 },
    { day: '2026-11-28', visitors: 3, pageviews: 6, converted: 2, leads: 1 },
  ],
  pages: [
    {
      path: '/shopify',
      visitors: 4,
      pageviews: 7,
      form_seen: 3,
      form_started: 2,
      leads: 1,
      email_clicks: 1,
      phone_clicks: 0,
      whatsapp_clicks: 2,
      booking_opens: 1,
    },
  ],
  dimensions: {
    // What a visitor can put in a UTM value: a spreadsheet must not run it.
    source: [{ value: '=HYPERLINK("https://evil.example","x")', visitors: 1, pageviews: 1, converted: 0 }],
    campaign: [{ value: 'linkedin / social / otoño', visitors: 2, pageviews: 4, converted: 1 }],
    device: [{ value: 'móvil', visitors: 5, pageviews: 9, converted: 2 }],
    browser: [{ value: '-2+3', visitors: 5, pageviews: 9, converted: 2 }],
  },
}

describe('the analytics CSV', () => {
  it('has one row for the period, each day, page, source, campaign, device and browser', () => {
    const rows = analyticsCsvRows(report)
    expect(rows.map((r) => r[0])).toEqual(['Periodo', 'Día', 'Día', 'Página', 'Fuente', 'Campaña', 'Dispositivo', 'Navegador'])
    expect(rows.every((r) => r.length === csvFields.length)).toBe(true)
    expect(rows[0]).toEqual(['Periodo', '2026-11-27 – 2026-11-28', 5, 9, 2, 1, '', '', '', '', '', ''])
    expect(rows[3]).toEqual(['Página', '/shopify', 4, 7, '', 1, 3, 2, 1, 0, 2, 1])
  })

  it('is written for Spanish spreadsheets, and no cell runs as a formula', () => {
    const csv = analyticsCsv(report)
    expect(csv.startsWith('\uFEFF"Tipo";"Valor";"Visitantes"')).toBe(true)
    expect(csv.endsWith('\r\n')).toBe(true)
    const { data } = Papa.parse<string[]>(csv.slice(1).trimEnd(), { delimiter: ';' })
    expect(data).toHaveLength(1 + 8)
    const values = data.map((row) => row[1])
    expect(values).toContain(`'=HYPERLINK("https://evil.example","x")`)
    expect(values).toContain(`'-2+3`)
    expect(values).toContain('linkedin / social / otoño')
  })
})
