/**
 * A person's data on request (GDPR arts. 15 and 17; docs/leads.md): what public.data_subject answers for an
 * address, and the two files staff hand over: the whole answer as JSON, and a summary a person can read.
 */
import type { Tables } from '../../lib/database.types'
import type { Message } from '../../mail/message'
import type { LeadRow } from '../leads/leads'
import { statusLabels } from '../leads/leads'
import { formatDateTime } from '../../lib/dates'
import { isEmailAddress } from '../../mail/address'
import type { ServerError } from '../../cms/errors'

/** A message of the mail queue that names the person: the staff notification of a lead, say. */
export interface HeldMail {
  id: string
  created_at: string
  sent_at: string | null
  attempts: number
  last_error: string | null
  /** The outbox folder's file it was written to (no SMTP server configured), or null. */
  outbox_file: string | null
  message: Message
}

/** A webhook delivery of one of their leads that still carries its data (docs/webhooks.md). */
export interface HeldDelivery {
  id: string
  created_at: string
  event: string
  delivered_at: string | null
  /** The endpoint's name, for admins; null for editors, who never see the team's endpoints. */
  endpoint: string | null
  payload: unknown
}

/** Everything the product holds about one address (supabase/migrations/20261128130000_data_subject.sql). */
export interface HeldData {
  address: string
  generated_at: string
  leads: LeadRow[]
  mail: HeldMail[]
  webhook_deliveries: HeldDelivery[]
}

/** The log of requests answered: who, when, what, how many rows of each kind; never the person. */
export type RequestLogEntry = Omit<Tables<'data_subject_requests'>, 'counts'> & { counts: Record<string, number> }

/** Words for the kinds of rows a request counts, singular and plural. */
export const kindWords: Record<string, [string, string]> = {
  leads: ['contacto', 'contactos'],
  mail: ['correo', 'correos'],
  outbox_files: ['archivo de la carpeta outbox', 'archivos de la carpeta outbox'],
  webhook_deliveries: ['envío a otra herramienta (webhook)', 'envíos a otras herramientas (webhooks)'],
}

export function counted(n: number, kind: string): string {
  const [one, many] = kindWords[kind] ?? [kind, kind]
  return `${n} ${n === 1 ? one : many}`
}

/** The counts of a log entry as one line («2 contactos, 3 correos…»), in the order of kindWords. */
export function countsLine(counts: Record<string, number>): string {
  const kinds = [...Object.keys(kindWords).filter((k) => k in counts), ...Object.keys(counts).filter((k) => !(k in kindWords))]
  return kinds.map((kind) => counted(counts[kind] ?? 0, kind)).join(', ')
}

/** What is held, in one line: «2 contactos, 3 correos y 1 envío…». */
export function heldLine(held: HeldData): string {
  const parts = [counted(held.leads.length, 'leads'), counted(held.mail.length, 'mail')]
  if (held.webhook_deliveries.length > 0) parts.push(counted(held.webhook_deliveries.length, 'webhook_deliveries'))
  return `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)!}`
}

/** Why an address cannot be searched, in Spanish, or null when it can. */
export function addressProblem(value: string): string | null {
  const address = value.trim()
  if (!address) return 'Escribe la dirección de correo de la persona.'
  if (!isEmailAddress(address)) return 'No es una dirección de correo válida (por ejemplo «ana@empresa.es»); sin comodines como «%» o «*».'
  return null
}

/** What the database's refusals of these functions mean for staff. */
export function describeRefusal(error: ServerError): string | null {
  if (error.hint === 'invalid_email') return 'No es una dirección de correo válida.'
  if (error.hint === 'admins_only') return 'Solo un administrador del equipo puede borrar los datos de una persona.'
  if (error.hint === 'staff_only') return 'Solo el equipo puede consultar los datos de una persona.'
  if (error.hint === 'two_factor') return 'Tu cuenta necesita la verificación en dos pasos en esta sesión: cierra sesión y entra con tu código.'
  return null
}

/** The mail's state as staff read it. */
export function mailState(mail: HeldMail): string {
  if (mail.sent_at) return mail.outbox_file ? `Entregado en la carpeta outbox (${mail.outbox_file})` : 'Enviado'
  if (mail.last_error) return `Sin enviar tras ${mail.attempts} ${mail.attempts === 1 ? 'intento' : 'intentos'}`
  return 'En cola'
}

/** File names for the export: the date and the address's local part, never a path. */
export function exportFileName(held: HeldData, extension: 'json' | 'txt'): string {
  const who = held.address
    .split('@')[0]!
    .replace(/[^\p{L}\p{N}._-]+/gu, '-')
    .slice(0, 40)
  return `datos-${who}-${held.generated_at.slice(0, 10)}.${extension}`
}

export function exportJson(held: HeldData): string {
  return `${JSON.stringify(held, null, 2)}\n`
}

/** The readable summary: what is held, each lead's fields and each message, plain text the person can read. */
export function exportSummary(held: HeldData, brand: string): string {
  const line = (label: string, value: string | null | undefined) => (value ? [`  ${label}: ${value}`] : [])
  const lines = [
    `Datos personales que ${brand} conserva sobre ${held.address}`,
    `Generado el ${formatDateTime(held.generated_at)} (hora de Madrid).`,
    '',
    `En total: ${heldLine(held)}.`,
    'Los contactos se borran pasado el plazo de conservación; los correos, con ellos.',
    '',
    `CONTACTOS ENVIADOS POR EL FORMULARIO (${held.leads.length})`,
  ]
  for (const lead of held.leads) {
    lines.push(
      '',
      `- Recibido el ${formatDateTime(lead.created_at)}`,
      ...line('Nombre', lead.name),
      ...line('Email', lead.email),
      ...line('Empresa', lead.company),
      ...line('Teléfono', lead.phone),
      ...line('Servicio', lead.service),
      ...line('Página', lead.page_path),
      ...line('Procedencia', lead.referrer),
      ...line('Campaña', [lead.utm_source, lead.utm_medium, lead.utm_campaign, lead.utm_term, lead.utm_content].filter(Boolean).join(' / ')),
      ...line('Estado', statusLabels[lead.status] ?? lead.status),
      '  Mensaje:',
      ...lead.message.split(/\r?\n/).map((l) => `    ${l}`),
      ...(lead.notes ? ['  Notas del equipo:', ...lead.notes.split(/\r?\n/).map((l) => `    ${l}`)] : []),
    )
  }
  lines.push('', `CORREOS QUE LA MENCIONAN (${held.mail.length})`)
  for (const mail of held.mail) {
    lines.push(
      '',
      `- ${mail.message.subject}`,
      ...line('Creado', formatDateTime(mail.created_at)),
      ...line('Para', mail.message.to),
      ...line('Responder a', mail.message.replyTo),
      ...line('Estado', mailState(mail)),
    )
  }
  lines.push('', `ENVÍOS A OTRAS HERRAMIENTAS DEL EQUIPO (${held.webhook_deliveries.length})`)
  for (const delivery of held.webhook_deliveries) {
    lines.push(
      '',
      `- ${delivery.event} el ${formatDateTime(delivery.created_at)}`,
      ...line('Destino', delivery.endpoint),
      ...line('Entregado', delivery.delivered_at ? formatDateTime(delivery.delivered_at) : 'pendiente'),
    )
  }
  lines.push('', 'El archivo JSON que acompaña a este resumen contiene los mismos datos completos.')
  return `${lines.join('\n')}\n`
}
