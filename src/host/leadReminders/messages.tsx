/**
 * The e-mails of a lead's follow-up (docs/leads.md): to the person it was assigned to, and the one reminder of
 * an overdue lead (to its assignee, or to each admin when nobody owns it). They name the lead and its service
 * and link to it in the admin; the visitor's message stays in the panel. The lead's name cannot hold a line
 * break (the database refuses one), and React escapes it in the HTML part.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { leadUrl } from '../../leads/leadUrl.ts'
import { formatDateTime } from '../../lib/dates.ts'
import type { Message } from '../../mail/message.ts'

export interface FollowUpLead {
  id: string
  name: string
  /** The service's name, or «Consulta general». */
  service: string
  created_at: string
  answer_due_at: string | null
}

function message(to: string, subject: string, lines: string[], link: string, linkText: string): Message {
  const html = renderToStaticMarkup(
    <div style={{ fontFamily: 'system-ui, sans-serif', color: '#0f172a', lineHeight: 1.5 }}>
      {lines.map((line) => (
        <p key={line}>{line}</p>
      ))}
      <p>
        <a href={link}>{linkText}</a>
      </p>
    </div>,
  )
  return {
    to,
    subject,
    text: [...lines, '', `${linkText}: ${link}`].join('\n'),
    html: `<!doctype html><html lang="es"><body>${html}</body></html>`,
  }
}

const due = (lead: FollowUpLead) => (lead.answer_due_at ? `La respuesta vence el ${formatDateTime(lead.answer_due_at)} (hora de Madrid).` : null)

export function assignmentMessage(to: string, lead: FollowUpLead, adminUrl: string): Message {
  return message(
    to,
    `Te han asignado un contacto: ${lead.name} (${lead.service})`,
    [
      `Te han asignado el contacto de ${lead.name} (${lead.service}), recibido el ${formatDateTime(lead.created_at)} (hora de Madrid).`,
      ...[due(lead)].filter((line) => line !== null),
    ],
    leadUrl(adminUrl, lead.id),
    'Ver el contacto en el panel',
  )
}

/** `assigned`: the reminder goes to the lead's assignee; otherwise to an admin, who should find it one. */
export function reminderMessage(to: string, lead: FollowUpLead, adminUrl: string, assigned: boolean): Message {
  return message(
    to,
    `Contacto sin responder: ${lead.name} (${lead.service})`,
    [
      `El contacto de ${lead.name} (${lead.service}), recibido el ${formatDateTime(lead.created_at)} (hora de Madrid), sigue «Nuevo» y ha pasado el plazo de respuesta que promete la web.`,
      assigned
        ? 'Está asignado a ti: respóndele y cambia su estado.'
        : 'Nadie lo tiene asignado: asígnalo a alguien del equipo o respóndele y cambia su estado.',
      'Este es el único aviso para este contacto.',
    ],
    leadUrl(adminUrl, lead.id),
    'Abrir el contacto',
  )
}
