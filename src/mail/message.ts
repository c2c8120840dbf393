/**
 * An e-mail the product sends (a lead's notification, an account e-mail): what a caller hands the Mailer
 * (src/mail/mailer.server.ts). The sender address is the server's (MAIL_FROM), never the caller's; a
 * subject or address with a line break is refused, so nothing a visitor typed can add a header. An address
 * is what the contact form takes too (src/mail/address.ts), internationalised ones included.
 */
import * as z from 'zod/mini'
import { isEmailAddress } from './address.ts'

const oneLine = z.refine<string>((v) => !/[\r\n]/.test(v), 'sin saltos de línea')
const address = z.string().check(oneLine, z.refine(isEmailAddress, 'dirección no válida'))

export const messageSchema = z.object({
  to: address,
  subject: z.string().check(z.minLength(1), z.maxLength(300), oneLine),
  text: z.string().check(z.maxLength(100_000)),
  html: z.optional(z.string().check(z.maxLength(300_000))),
  replyTo: z.optional(address),
})

export type Message = z.infer<typeof messageSchema>
