/**
 * The e-mail staff get for each lead: to the leads address of content/site.yaml, Reply-To the visitor (so
 * answering is one click), never to the visitor. The HTML part is rendered by React, which escapes every
 * value a visitor typed; the text part is plain text, whose layout the visitor cannot draw: a value shown on
 * one line has its line breaks folded into spaces, and every line of the message is quoted with «> », so no
 * line the visitor typed starts at the margin where the e-mail's own lines («Verificación: …») are. The link
 * opens the lead in the admin.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { leadUrl } from './leadUrl'
import type { Site } from '../siteContent/schema'
import type { Message } from '../mail/message'
import type { NewLead } from './lead'

export interface NotificationInput {
  id: string
  lead: NewLead
  site: Site
  /** The server's public URL, where the admin is. */
  adminUrl: string
  serviceName: (slug: string) => string | undefined
}

export function leadNotification({ id, lead, site, adminUrl, serviceName }: NotificationInput): Message {
  const service = lead.service ? (serviceName(lead.service) ?? lead.service) : 'Consulta general'
  const utm = [lead.utm_source, lead.utm_medium, lead.utm_campaign, lead.utm_term, lead.utm_content].filter(Boolean).join(' / ')
  const rows: [string, string | null][] = [
    ['Nombre', lead.name],
    ['Email', lead.email],
    ['Empresa', lead.company],
    ['Teléfono', lead.phone],
    ['Servicio', service],
    ['Página', `${site.siteUrl}${lead.page_path}`],
    ['Procedencia', lead.referrer],
    ['Campaña (UTM)', utm || null],
    ['Verificación', lead.verified ? 'Verificado (prueba de trabajo)' : 'Sin verificar (enviado sin JavaScript)'],
  ]
  const link = leadUrl(adminUrl, id)
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1])).map(([label, value]): [string, string] => [label, oneLine(value)])
  const text = [
    `Nuevo contacto desde la web (${oneLine(service)}).`,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    '',
    'Mensaje:',
    ...lead.message.split(/\r\n|[\r\n\u0085\u2028\u2029]/).map((line) => `> ${line}`),
    '',
    `Ver en el panel: ${link}`,
    'Responde a este correo para contestar directamente al contacto.',
  ].join('\n')
  const html = renderToStaticMarkup(
    <div style={{ fontFamily: 'system-ui, sans-serif', color: '#0f172a', lineHeight: 1.5 }}>
      <p>Nuevo contacto desde la web ({service}).</p>
      <table cellPadding={4} style={{ borderCollapse: 'collapse' }}>
        <tbody>
          {shown.map(([label, value]) => (
            <tr key={label}>
              <th style={{ textAlign: 'left', verticalAlign: 'top', paddingRight: 16 }}>{label}</th>
              <td>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2 style={{ fontSize: 16 }}>Mensaje</h2>
      <p style={{ whiteSpace: 'pre-wrap' }}>{lead.message}</p>
      <p>
        <a href={link}>Ver el contacto en el panel</a>
      </p>
      <p style={{ color: '#64748b', fontSize: 13 }}>Responde a este correo para contestar directamente al contacto.</p>
    </div>,
  )
  return {
    to: site.emails.leads,
    replyTo: lead.email,
    subject: oneLine(`Nuevo contacto: ${lead.name} (${service})`),
    text,
    html: `<!doctype html><html lang="es"><body>${html}</body></html>`,
  }
}

/** A value for one line of the text part: line breaks and other control characters folded into one space. */
function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]*[\r\n\u0085\u2028\u2029\p{Cc}][\s\p{Cc}]*/gu, ' ')
}

/**
 * What staff get when a lead's own notification cannot be made or sent as it is (the mailer's rules refuse
 * it): no visitor data, only that a lead arrived and where to read it. Never refused, so no lead goes unheard.
 */
export function leadFallbackNotification({ id, site, adminUrl }: Pick<NotificationInput, 'id' | 'site' | 'adminUrl'>): Message {
  const link = leadUrl(adminUrl, id)
  return {
    to: site.emails.leads,
    subject: 'Nuevo contacto desde la web (ábrelo en el panel)',
    text: [
      'Ha llegado un contacto por la web, pero su aviso no se ha podido preparar con sus datos (por ejemplo, una',
      'dirección de correo que no podemos poner como «Responder a»). Léelo y respóndele desde el panel:',
      '',
      link,
    ].join('\n'),
  }
}

/** What staff get when a lead kept in the spool can never be stored: where the server keeps it, and what it holds. */
export function deadLetterNotification({ site, file, reason, content }: { site: Site; file: string; reason: string; content: string }): Message {
  // The file as JSON text: escaped, so no control character of it reaches the mail.
  let shown = content
  try {
    shown = JSON.stringify(JSON.parse(content), null, 2)
  } catch {
    shown = JSON.stringify(content)
  }
  return {
    to: site.emails.leads,
    subject: 'Un contacto de la web no se ha podido guardar',
    text: [
      'Un contacto enviado por la web mientras la base de datos no estaba disponible no se ha podido guardar después,',
      `y no aparecerá en el panel. El servidor lo conserva en ${file}.`,
      `Motivo: ${oneLine(reason)}`,
      '',
      'Lo que contenía:',
      ...shown
        .slice(0, 20_000)
        .split('\n')
        .map((line) => `> ${line}`),
    ].join('\n'),
  }
}
