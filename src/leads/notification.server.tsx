/**
 * The e-mail staff get for each lead: to the leads address of content/site.yaml, Reply-To the visitor (so
 * answering is one click), never to the visitor. The HTML part is rendered by React, which escapes every
 * value a visitor typed; the text part is plain text. The link opens the lead in the admin.
 */
import { renderToStaticMarkup } from 'react-dom/server'
import { leadUrl } from '../admin/leads/leadUrl'
import type { Site } from '../site-content/schema'
import type { Message } from '../mail/message'
import type { LeadRow } from './inbox.server'

export interface NotificationInput {
  id: string
  lead: LeadRow
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
  const shown = rows.filter((r): r is [string, string] => Boolean(r[1]))
  const text = [
    `Nuevo contacto desde la web (${service}).`,
    '',
    ...shown.map(([label, value]) => `${label}: ${value}`),
    '',
    'Mensaje:',
    lead.message,
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
    subject: `Nuevo contacto: ${lead.name} (${service})`,
    text,
    html: `<!doctype html><html lang="es"><body>${html}</body></html>`,
  }
}
