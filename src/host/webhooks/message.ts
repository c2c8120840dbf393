// What one delivery sends: the Standard Webhooks payload as it was queued (format `json`), or, for a Slack or
// Teams incoming webhook (format `text`), a `{"text": …}` message in Spanish built from it. Both are signed the
// same way (webhook-id, webhook-timestamp, webhook-signature), with the standardwebhooks package.
import { Webhook } from 'standardwebhooks'

export type WebhookFormat = 'json' | 'text'

interface Payload {
  type: string
  timestamp?: string
  data: Record<string, unknown>
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '')

/** The line a chat channel shows for an event. */
export function chatText(payload: Payload): string {
  const lead = payload.data
  const who = `${text(lead.name)} <${text(lead.email)}>${lead.company ? ` (${text(lead.company)})` : ''}`
  switch (payload.type) {
    case 'lead.created': {
      const service = lead.service ? ` · ${text(lead.service)}` : ''
      const message = text(lead.message)
      return `Nuevo contacto: ${who}${service}\n> ${message.length > 300 ? `${message.slice(0, 300)}…` : message}`
    }
    case 'lead.updated': {
      const previous = (lead.previous ?? {}) as Record<string, unknown>
      const changes: string[] = []
      if (previous.status !== lead.status) changes.push(`estado ${text(previous.status)} → ${text(lead.status)}`)
      if (previous.assigned_to !== lead.assigned_to) changes.push(lead.assigned_to ? 'asignado a otra persona del equipo' : 'sin asignar')
      return `Contacto actualizado: ${who} (${changes.join(', ')})`
    }
    case 'lead.deleted':
      return `Contacto borrado (${text(lead.id)})`
    default:
      return `Prueba de aviso desde el panel (${text(lead.endpoint)}): si lees esto, la integración funciona.`
  }
}

/** The request's body and the Standard Webhooks headers, signed with the endpoint's secret. */
export function signedRequest(
  delivery: { id: string; payload: unknown; format: string; secret: string },
  now = new Date(),
): { body: string; headers: Record<string, string> } {
  const payload = delivery.payload as Payload
  const body = JSON.stringify(delivery.format === 'text' ? { text: chatText(payload) } : payload)
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': 'NexoDigital-Webhooks/1.0',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
      'webhook-signature': new Webhook(delivery.secret).sign(delivery.id, now, body),
    },
  }
}
