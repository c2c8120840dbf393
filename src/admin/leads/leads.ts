/**
 * A lead (an enquiry sent through the site's contact form, public.leads) as the Contactos tab reads it,
 * and the tab's rules: new leads first, filters, search.
 */
import type { ServiceChoice } from '../../siteContent/registry.server'
import type { LeadRow, LeadStatus } from '../../leads/lead'

export { leadStatuses, type LeadRow, type LeadStatus } from '../../leads/lead'

export const statusLabels: Record<LeadStatus, string> = {
  nuevo: 'Nuevo',
  contactado: 'Contactado',
  descartado: 'Descartado',
  spam: 'Spam',
}

/** The campaign a lead came from: the landing URL's UTM parameters, in the order analytics tools list them. */
export const utmFields = [
  ['utm_source', 'Fuente'],
  ['utm_medium', 'Medio'],
  ['utm_campaign', 'Campaña'],
  ['utm_term', 'Término'],
  ['utm_content', 'Contenido'],
] as const satisfies readonly (readonly [keyof LeadRow, string])[]

/** Select values for "any", "no service", "nobody" and "me": Radix Select items cannot have an empty value. */
export const ANY = 'todos'
export const NO_SERVICE = 'sin-servicio'
export const NOBODY = 'sin-asignar'
export const MINE = 'mios'

export interface LeadFilter {
  status: LeadStatus | typeof ANY
  /** A service slug, ANY or NO_SERVICE. */
  service: string
  /** A staff user id, ANY, NOBODY or MINE («Mis contactos»). */
  assignee: string
  query: string
}

export const noFilter: LeadFilter = { status: ANY, service: ANY, assignee: ANY, query: '' }

/** A member of the team a lead can be assigned to (public.lead_assignees()). */
export interface Assignee {
  user_id: string
  email: string
}

/** Who a lead is assigned to, as the list and the detail say it. */
export function assigneeName(assignees: Assignee[], userId: string | null): string {
  if (userId === null) return 'Sin asignar'
  return assignees.find((a) => a.user_id === userId)?.email ?? 'Otra persona del equipo'
}

/**
 * Still «Nuevo» past its due time (answer_due_at: the site's promise in working hours, computed by the server)
 * and no reply link used: the lead is overdue, and the list marks it.
 */
export function isOverdue(lead: Pick<LeadRow, 'status' | 'answer_due_at' | 'first_response_at'>, now = new Date()): boolean {
  return lead.status === 'nuevo' && lead.first_response_at === null && lead.answer_due_at !== null && Date.parse(lead.answer_due_at) <= now.getTime()
}

/** Lower case without accents, so «gestion» finds «Gestión». */
function fold(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
}

/** The leads that pass the filter (search in name, e-mail, company and message), in the inbox order; `me` is the signed-in user's id. */
export function filterLeads(rows: LeadRow[], filter: LeadFilter, me?: string): LeadRow[] {
  const assignee = filter.assignee === MINE ? (me ?? null) : filter.assignee === NOBODY ? null : filter.assignee
  const words = fold(filter.query).split(/\s+/).filter(Boolean)
  return inboxOrder(
    rows.filter((lead) => {
      if (filter.status !== ANY && lead.status !== filter.status) return false
      if (filter.service === NO_SERVICE ? lead.service !== null : filter.service !== ANY && lead.service !== filter.service) return false
      if (filter.assignee !== ANY && lead.assigned_to !== assignee) return false
      const text = fold([lead.name, lead.email, lead.company ?? '', lead.message].join('\n'))
      return words.every((word) => text.includes(word))
    }),
  )
}

/** New leads first, then the newest. */
export function inboxOrder(rows: LeadRow[]): LeadRow[] {
  return [...rows].sort((a, b) => Number(b.status === 'nuevo') - Number(a.status === 'nuevo') || b.created_at.localeCompare(a.created_at))
}

/** A service's name; a slug whose page no longer exists is shown as stored. */
export function serviceName(services: ServiceChoice[], slug: string | null): string {
  if (slug === null) return 'Sin servicio'
  return services.find((s) => s.slug === slug)?.name ?? slug
}
