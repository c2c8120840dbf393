/**
 * The Contactos tab's export: what opens correctly in Spanish Excel and in LibreOffice. Excel in Spain
 * reads «;» as the separator (the comma is the decimal mark) and needs the UTF-8 byte-order mark to
 * show accents; every field is quoted and lines end in CRLF. A cell a spreadsheet would run as a formula
 * (starting with = + - @, tab or CR) gets an apostrophe first, Papa Parse's escapeFormulae.
 */
import Papa from 'papaparse'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { formatSheetDateTime } from '../../lib/dates'
import { downloadText } from '../shared/download'
import { serviceName, statusLabels, utmFields, type LeadRow } from './leads'

const BOM = '\uFEFF'

const columns: [string, (lead: LeadRow, services: ServiceChoice[]) => string][] = [
  ['Fecha', (l) => formatSheetDateTime(l.created_at)],
  ['Estado', (l) => statusLabels[l.status]],
  ['Nombre', (l) => l.name],
  ['Email', (l) => l.email],
  ['Empresa', (l) => l.company ?? ''],
  ['Teléfono', (l) => l.phone ?? ''],
  ['Servicio', (l, services) => (l.service ? serviceName(services, l.service) : '')],
  ['Mensaje', (l) => l.message],
  ['Página', (l) => l.page_path],
  ['Referente', (l) => l.referrer ?? ''],
  ...utmFields.map(([field]): [string, (l: LeadRow) => string] => [field, (l) => l[field] ?? '']),
  ['Verificado', (l) => (l.verified ? 'Sí' : 'No')],
  ['Notas', (l) => l.notes],
  ['ID', (l) => l.id],
]

export function leadsCsv(rows: LeadRow[], services: ServiceChoice[]): string {
  const csv = Papa.unparse(
    { fields: columns.map(([name]) => name), data: rows.map((lead) => columns.map(([, cell]) => cell(lead, services))) },
    { delimiter: ';', newline: '\r\n', quotes: true, escapeFormulae: true },
  )
  return `${BOM}${csv}\r\n`
}

/** Hands the CSV to the browser as a file download. */
export function downloadCsv(fileName: string, text: string): void {
  downloadText(fileName, text, 'text/csv;charset=utf-8')
}
