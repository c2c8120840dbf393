/**
 * The contact form's fields and rules: one definition for the server (src/leads/submit.server.ts), which
 * decides, and for the page's behaviour (src/behaviors/leadForm.ts), which only shows the same Spanish
 * messages before a round trip. zod/mini keeps the behaviour's download small; the limits match the
 * leads table's checks (supabase/migrations/20261125000100_leads.sql).
 */
import * as z from 'zod/mini'
import { isEmailAddress } from '../mail/address'

export const LEAD_LIMITS = { name: 120, email: 254, company: 160, phone: 40, message: 5000 } as const

/** The form's field names, as posted (the spam fields are the server's: src/leads/spam.server.ts). */
export const LEAD_FIELDS = ['name', 'email', 'company', 'phone', 'service', 'message', 'privacy'] as const
export type LeadField = (typeof LEAD_FIELDS)[number]

const noLineBreaks = (label: string) => z.refine<string>((v) => !/[\r\n\u0085\u2028\u2029]/.test(v), `${label} no puede contener saltos de línea.`)
// Control characters (NUL, escape, bell…): nothing a person types, and Postgres cannot store NUL at all. The
// message keeps its line breaks and tabs.
const noControl = (label: string, { lines = false } = {}) =>
  z.refine<string>(
    (v) => !(lines ? /[^\P{Cc}\t\n\r]|\p{Cs}/u : /[\p{Cc}\p{Cs}]/u).test(v),
    `${label} contiene caracteres no válidos. Bórralos y vuelve a escribirlo.`,
  )
const tooLong = (label: string, max: number) => z.maxLength(max, `${label} no puede tener más de ${max} caracteres.`)

export const leadFormSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, 'Escribe tu nombre.'), tooLong('El nombre', LEAD_LIMITS.name), noLineBreaks('El nombre'), noControl('El nombre')),
  email: z.string().check(
    z.trim(),
    z.minLength(1, 'Escribe tu email.'),
    tooLong('El email', LEAD_LIMITS.email),
    noLineBreaks('El email'),
    // The mailer's own definition: an address taken here is one its notification can reply to.
    z.refine(isEmailAddress, 'Escribe un email válido, por ejemplo nombre@empresa.com.'),
  ),
  company: z.string().check(z.trim(), tooLong('La empresa', LEAD_LIMITS.company), noLineBreaks('La empresa'), noControl('La empresa')),
  phone: z
    .string()
    .check(
      z.trim(),
      tooLong('El teléfono', LEAD_LIMITS.phone),
      noLineBreaks('El teléfono'),
      noControl('El teléfono'),
      z.regex(/^$|^\+?[\d\s().-]{6,}$/, 'Escribe un teléfono válido: solo números, espacios y el prefijo +.'),
    ),
  service: z.string().check(z.trim(), z.maxLength(120, 'Elige un servicio de la lista.')),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, 'Cuéntanos en qué podemos ayudarte.'),
      tooLong('El mensaje', LEAD_LIMITS.message),
      noControl('El mensaje', { lines: true }),
    ),
  privacy: z.literal('on', 'Para enviar el formulario tienes que aceptar la política de privacidad.'),
})

export type LeadForm = z.infer<typeof leadFormSchema>
export type LeadErrors = Partial<Record<LeadField, string>>
/** What the visitor typed, kept to show it again next to the errors. */
export type LeadValues = Partial<Record<LeadField, string>>

/** The form's values as posted (missing fields are empty), validated: the lead or one message per field. */
export function checkLeadForm(values: LeadValues): { ok: true; lead: LeadForm } | { ok: false; errors: LeadErrors } {
  const input = Object.fromEntries(LEAD_FIELDS.map((f) => [f, values[f] ?? '']))
  const result = leadFormSchema.safeParse(input)
  if (result.success) return { ok: true, lead: result.data }
  const errors: LeadErrors = {}
  for (const issue of result.error.issues) {
    const field = issue.path[0] as LeadField
    errors[field] ??= issue.message
  }
  return { ok: false, errors }
}
