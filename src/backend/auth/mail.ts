// The e-mails the auth service sends (recovery, invitation, magic link, re-authentication code), in Spanish,
// handed to the product's mailer. Outside production the link is also printed in the server log, so a
// machine without SMTP can still follow it; in production links appear only in the e-mail.
import { config } from '../../config.server.ts'

export interface AuthMessage {
  to: string
  subject: string
  text: string
  html?: string
}

/** Sends (or queues) one message; throws when it cannot. */
export type AuthMailer = (message: AuthMessage) => Promise<void>

export type AuthMailKind = 'recovery' | 'invite' | 'magiclink' | 'signup' | 'reauthentication'

const TEMPLATES: Record<AuthMailKind, { subject: string; intro: string; action: string }> = {
  recovery: {
    subject: 'Restablece tu contraseña',
    intro: 'Alguien (seguramente tú) ha pedido restablecer la contraseña de tu cuenta del panel.',
    action: 'Abre este enlace para elegir una contraseña nueva',
  },
  invite: {
    subject: 'Te han invitado al panel',
    intro: 'Te han invitado a formar parte del equipo que gestiona la web.',
    action: 'Abre este enlace para elegir tu contraseña y entrar',
  },
  magiclink: {
    subject: 'Tu enlace para entrar',
    intro: 'Has pedido un enlace para entrar en el panel.',
    action: 'Abre este enlace para entrar',
  },
  signup: {
    subject: 'Confirma tu correo',
    intro: 'Confirma que esta dirección es tuya.',
    action: 'Abre este enlace para confirmarla',
  },
  reauthentication: {
    subject: 'Tu código de verificación',
    intro: 'Has pedido confirmar tu identidad para cambiar la contraseña.',
    action: 'Escribe este código en el panel',
  },
}

/** The message for `kind`: the link (or, for re-authentication, only the code), valid one hour. */
export function authMessage(kind: AuthMailKind, to: string, otp: string, link?: string): AuthMessage {
  const template = TEMPLATES[kind]
  const lines = [
    template.intro,
    '',
    `${template.action}${link ? ':' : ''}`,
    link ?? '',
    '',
    `${link ? 'O usa este código' : 'Código'}: ${otp}`,
    '',
    'Caduca en una hora y sirve una sola vez. Si no lo has pedido tú, ignora este mensaje: nada cambiará.',
  ]
  return { to, subject: template.subject, text: lines.join('\n') }
}

/** Prints where a message's link leads, outside production only (a machine without SMTP). */
export function logLinkOutsideProduction(kind: AuthMailKind, to: string, link: string | undefined, otp: string): void {
  if (config().NODE_ENV === 'production') return
  console.info(`[auth] ${kind} e-mail to ${to}: ${link ?? `code ${otp}`}`)
}
