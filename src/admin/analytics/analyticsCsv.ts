/**
 * The period's figures as one CSV table for Spanish spreadsheets, written the way the Contactos export is
 * (src/admin/leads/leadsCsv.ts: «;», CRLF, every field quoted, the UTF-8 byte-order mark, and Papa Parse's
 * escapeFormulae, since paths, sources and campaigns are typed by visitors) and downloaded by its downloadCsv.
 * One row per day, page, source, campaign, device and browser, told apart by the first column, so the sheet
 * can be filtered; a cell that does not apply to a row is empty.
 */
import Papa from 'papaparse'
import { dimensions, type AnalyticsReport } from './report'

export { downloadCsv } from '../leads/leadsCsv'

const BOM = '\uFEFF'

export const csvFields = [
  'Tipo',
  'Valor',
  'Visitantes',
  'Páginas vistas',
  'Conversiones',
  'Contactos',
  'Vieron el formulario',
  'Empezaron el formulario',
  'Clics en correo',
  'Clics en teléfono',
  'Clics en WhatsApp',
  'Calendario abierto',
] as const

type Cell = string | number

/** The rows under csvFields, in the report's order. */
export function analyticsCsvRows(report: AnalyticsReport): Cell[][] {
  const { totals } = report
  const blank = (n: number): Cell[] => Array<Cell>(n).fill('')
  return [
    ['Periodo', `${report.from} – ${report.to}`, totals.visitors, totals.pageviews, totals.converted, totals.leads, ...blank(6)],
    ...report.series.map((d): Cell[] => ['Día', d.day, d.visitors, d.pageviews, d.converted, d.leads, ...blank(6)]),
    ...report.pages.map((p): Cell[] => [
      'Página',
      p.path,
      p.visitors,
      p.pageviews,
      '',
      p.leads,
      p.form_seen,
      p.form_started,
      p.email_clicks,
      p.phone_clicks,
      p.whatsapp_clicks,
      p.booking_opens,
    ]),
    ...dimensions.flatMap(({ id, column }) =>
      report.dimensions[id].map((d): Cell[] => [column, d.value, d.visitors, d.pageviews, d.converted, ...blank(7)]),
    ),
  ]
}

export function analyticsCsv(report: AnalyticsReport): string {
  const csv = Papa.unparse(
    { fields: [...csvFields], data: analyticsCsvRows(report) },
    { delimiter: ';', newline: '\r\n', quotes: true, escapeFormulae: true },
  )
  return `${BOM}${csv}\r\n`
}
