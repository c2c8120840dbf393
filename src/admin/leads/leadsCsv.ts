/**
 * The Contactos tab's export: what opens correctly in Spanish Excel and in LibreOffice. Excel in Spain
 * reads «;» as the separator (the comma is the decimal mark) and needs the UTF-8 byte-order mark to
 * show accents; every field is quoted and lines end in CRLF. A cell a spreadsheet would run as a formula
 * (starting with = + - @, tab or CR) gets an apostrophe first, Papa Parse's escapeFormulae.
 */
import Papa from 'papaparse'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { formatSheetDateTime } from '../../lib/dates'
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

/** Hands the text to the browser as a file download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName })
  document.body.append(link)
  link.click()
  link.remove()
  // Revoked after the click has been handled, or the download could lose its data.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}
