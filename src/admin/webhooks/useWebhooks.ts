import { useCallback, useEffect, useState } from 'react'
import type { Database } from '../../lib/database.types'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { describeError } from '../../cms/errors'

export type WebhookEvent = 'lead.created' | 'lead.updated' | 'lead.deleted'
export type Endpoint = Pick<
  Database['public']['Tables']['webhook_endpoints']['Row'],
  'id' | 'name' | 'url' | 'events' | 'format' | 'state' | 'state_reason' | 'created_at'
>
type DeliveryRow = Database['public']['Tables']['webhook_deliveries']['Row']
type AttemptRow = Database['public']['Tables']['webhook_attempts']['Row']
export type Delivery = Pick<
  DeliveryRow,
  | 'id'
  | 'endpoint_id'
  | 'event'
  | 'created_at'
  | 'attempts'
  | 'next_attempt_at'
  | 'delivered_at'
  | 'gave_up_at'
  | 'last_status'
  | 'last_error'
  | 'last_duration_ms'
> & {
  payload_kept: boolean
  webhook_attempts: Pick<AttemptRow, 'id' | 'attempted_at' | 'status' | 'duration_ms' | 'error' | 'response_body'>[]
}

export const EVENT_LABELS: Record<WebhookEvent | 'webhook.test', string> = {
  'lead.created': 'Contacto nuevo',
  'lead.updated': 'Contacto actualizado (estado o asignación)',
  'lead.deleted': 'Contacto borrado',
  'webhook.test': 'Prueba',
}

/** A Standard Webhooks secret: `whsec_` and 32 random bytes in base64, made in the browser and shown once. */
export function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return `whsec_${btoa(String.fromCharCode(...bytes))}`
}

const ENDPOINT_COLUMNS = 'id, name, url, events, format, state, state_reason, created_at'
const DELIVERY_COLUMNS =
  'id, endpoint_id, event, created_at, attempts, next_attempt_at, delivered_at, gave_up_at, last_status, last_error, last_duration_ms, payload, webhook_attempts(id, attempted_at, status, duration_ms, error, response_body)'
const LOG_SIZE = 50

/**
 * The Integraciones tab's data (admins only, by row-level security): the endpoints, the latest deliveries with
 * their attempts, and what an admin does with them. Both lists are read again every few seconds (every two while
 * an endpoint waits for the server's address check or a delivery is still due), so outcomes show without reloading.
 */
export function useWebhooks() {
  const { supabase } = useAdmin()
  const [endpoints, setEndpoints] = useState<Endpoint[]>([])
  const [loading, setLoading] = useState(true)
  const [deliveries, setDeliveries] = useState<Delivery[]>([])

  // Read quietly (no loading state after the first time): the lists are read again every few seconds.
  const refresh = useCallback(async () => {
    const [listed, logged] = await Promise.all([
      supabase.from('webhook_endpoints').select(ENDPOINT_COLUMNS).order('created_at'),
      supabase.from('webhook_deliveries').select(DELIVERY_COLUMNS).order('created_at', { ascending: false }).limit(LOG_SIZE),
    ])
    setLoading(false)
    const error = listed.error ?? logged.error
    if (error) {
      toast({ title: 'Error al cargar las integraciones', description: describeError(error), variant: 'destructive' })
      return
    }
    setEndpoints(listed.data ?? [])
    // The payload itself is not shown (it may hold a person's data): only whether it is still kept, for «Reenviar».
    setDeliveries(
      (logged.data ?? []).map(({ payload, webhook_attempts, ...rest }) => ({
        ...rest,
        payload_kept: payload !== null,
        webhook_attempts: [...webhook_attempts].sort((x, y) => y.attempted_at.localeCompare(x.attempted_at)),
      })),
    )
  }, [supabase])

  useEffect(() => {
    void refresh()
  }, [refresh])

  // Faster while the outcome of something just done is awaited; otherwise new leads' deliveries still show.
  const waiting = endpoints.some((e) => e.state === 'checking') || deliveries.some((d) => !d.delivered_at && !d.gave_up_at)
  useEffect(() => {
    const timer = setInterval(() => void refresh(), waiting ? 2000 : 5000)
    return () => clearInterval(timer)
  }, [waiting, refresh])

  /** Adds an endpoint; resolves to its secret (to show once), or null when refused. */
  const create = async (fields: Pick<Endpoint, 'name' | 'url' | 'events' | 'format'>): Promise<string | null> => {
    const secret = newSecret()
    const saved = await mutate(supabase.from('webhook_endpoints').insert({ ...fields, secret }), {
      success: { title: 'Integración añadida', description: 'Comprobando la dirección: en unos segundos verás si está activa.' },
      errorTitle: 'No se pudo añadir la integración',
      subject: 'una integración',
    })
    if (!saved) return null
    await refresh()
    return secret
  }

  const rotate = async (endpoint: Endpoint): Promise<string | null> => {
    const secret = newSecret()
    const saved = await mutate(supabase.from('webhook_endpoints').update({ secret }).eq('id', endpoint.id), {
      success: { title: 'Secreto cambiado', description: `Los próximos avisos a «${endpoint.name}» se firman con el nuevo secreto.` },
      errorTitle: 'No se pudo cambiar el secreto',
    })
    return saved ? secret : null
  }

  const setPaused = async (endpoint: Endpoint, paused: boolean) => {
    const saved = await mutate(
      supabase
        .from('webhook_endpoints')
        .update({ state: paused ? 'paused' : 'checking' })
        .eq('id', endpoint.id),
      {
        success: paused
          ? { title: 'Integración en pausa', description: 'Los avisos se guardan y se enviarán al reanudarla.' }
          : { title: 'Integración reanudada', description: 'Se comprueba la dirección y se envían los avisos pendientes.' },
        errorTitle: 'No se pudo cambiar la integración',
      },
    )
    if (saved) await refresh()
  }

  const remove = async (endpoint: Endpoint) => {
    const saved = await mutate(supabase.from('webhook_endpoints').delete().eq('id', endpoint.id), {
      success: { title: 'Integración eliminada', description: `«${endpoint.name}» no recibirá más avisos.` },
      errorTitle: 'No se pudo eliminar la integración',
    })
    if (saved) await refresh()
  }

  const sendTest = async (endpoint: Endpoint) => {
    const saved = await mutate(supabase.rpc('send_test_webhook', { p_endpoint: endpoint.id }), {
      success: { title: 'Prueba en cola', description: `Se envía a «${endpoint.name}» en unos segundos: mira el registro de entregas.` },
      errorTitle: 'No se pudo enviar la prueba',
    })
    if (saved) await refresh()
  }

  const resend = async (delivery: Delivery) => {
    const saved = await mutate(supabase.rpc('resend_webhook_delivery', { p_delivery: delivery.id }), {
      success: { title: 'Reenvío en cola', description: 'Se envía de nuevo en unos segundos, con el mismo identificador.' },
      errorTitle: 'No se pudo reenviar',
    })
    if (saved) await refresh()
  }

  return { endpoints, loading, deliveries, create, rotate, setPaused, remove, sendTest, resend }
}
