/**
 * What the contact section shows when the server answers a form submission with the page itself (no
 * JavaScript): the values typed, one message per field, a notice, and a fresh time token; or the
 * thank-you state after a lead was stored. Passed to the render in pageContext (never cached).
 */
import type { LeadErrors, LeadValues } from './schema'

/** The youngest time token the server accepts: a form sent sooner was not typed by a person. */
export const TOKEN_MIN_AGE_MS = 3000

export interface LeadFormState {
  values: LeadValues
  errors: LeadErrors
  notice?: { tone: 'error' | 'info'; text: string }
  /** The time token for the next submission (src/leads/tokens.server.ts). */
  token?: string
  /** The post lacked a valid time token (no JavaScript): nothing stored, the visitor confirms with a second press. */
  confirm?: boolean
  /** The lead was stored: the section says so and what happens next. */
  sent?: boolean
}

/**
 * The query a stored plain submission is redirected to (303), on the page it was sent from:
 * `?contacto=<receipt>`, a signed, short-lived token only a real submission gets.
 */
export const SENT_PARAM = 'contacto'
/** The behaviour's endpoint: a fresh time token and proof-of-work challenge (JSON, never cached). */
export const CHALLENGE_PATH = '/api/contacto'
/** The honeypot: hidden from people, filled by form-filling scripts. */
export const HONEYPOT_FIELD = 'sitio_web'
export const TOKEN_FIELD = 'token'
export const PROOF_FIELD = 'altcha'
/** What the thank-you state and the behaviour's success message say. */
export const SENT_TEXT = 'Gracias: hemos recibido tu mensaje. Te responderemos en menos de 24 horas laborables.'
