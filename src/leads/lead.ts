/**
 * A lead (an enquiry sent through the site's contact form, public.leads) as both its sides see it: the row
 * the Contactos tab reads (src/admin/leads/), and the new lead the form's server side writes
 * (src/leads/inbox.server.ts). Both are derived from the generated table types (npm run db:types), so a
 * column added by a migration reaches them without a second definition.
 */
import type { Tables, TablesInsert } from '../lib/database.types'

export const leadStatuses = ['nuevo', 'contactado', 'descartado', 'spam'] as const
export type LeadStatus = (typeof leadStatuses)[number]

/**
 * A row of public.leads; the database's check constraint narrows status. service is a service page's slug
 * (ServiceChoice.slug) or null for a general enquiry; verified is false when the form was sent without the
 * proof of work (no JavaScript).
 */
export type LeadRow = Omit<Tables<'leads'>, 'status'> & { status: LeadStatus }

/**
 * What the contact form writes: every column of the insert except those the database fills (its defaults) or
 * the inbox gives (the id) or follow-up gives, each one present, null where the visitor gave nothing.
 */
export type NewLead = Required<Omit<TablesInsert<'leads'>, 'id' | 'status' | 'notes' | 'created_at' | 'updated_at' | FollowUpColumn>>

/**
 * The columns of a lead's owner and answer (supabase/migrations/20261128110000_lead_assignment.sql): staff
 * write assigned_to, the database and the server the rest; the form writes none of them.
 */
export type FollowUpColumn = 'assigned_to' | 'assignee_notified' | 'answer_due_at' | 'reminded_at' | 'first_response_at'
