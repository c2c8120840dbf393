import { RotateCcw } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { formatDateTime } from '../../lib/dates'
import { EVENT_LABELS, type Delivery, type Endpoint } from './useWebhooks'

/** Where a delivery stands, in a word and a colour. */
function outcome(delivery: Delivery): { text: string; className: string } {
  if (delivery.delivered_at) return { text: 'Entregado', className: 'text-emerald-800' }
  if (delivery.gave_up_at) return { text: 'Fallido', className: 'text-red-800' }
  if (delivery.attempts === 0) return { text: 'En cola', className: 'text-slate-700' }
  return { text: `Reintento ${formatDateTime(delivery.next_attempt_at)}`, className: 'text-amber-900' }
}

/**
 * «Registro de entregas»: the latest deliveries, each with its attempts (status code, duration, error and the first
 * KB of what the endpoint answered), and «Reenviar» while its content is kept.
 */
export function DeliveryLog({ deliveries, endpoints, onResend }: { deliveries: Delivery[]; endpoints: Endpoint[]; onResend: (d: Delivery) => void }) {
  const names = new Map(endpoints.map((e) => [e.id, e.name]))
  return (
    <section aria-labelledby="webhook-log-title" className="grid gap-3">
      <h3 id="webhook-log-title" className="text-lg font-semibold text-slate-900">
        Registro de entregas
      </h3>
      {deliveries.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no se ha enviado ningún aviso.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Entregas recientes">
          {deliveries.map((delivery) => {
            const state = outcome(delivery)
            return (
              <li key={delivery.id}>
                <Card className="grid gap-2 p-3 text-sm sm:p-4" data-testid="webhook-delivery">
                  <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                    <p className="font-medium text-slate-900">
                      {EVENT_LABELS[delivery.event as keyof typeof EVENT_LABELS]} → {names.get(delivery.endpoint_id) ?? '—'}
                    </p>
                    <p className={`font-semibold ${state.className}`}>{state.text}</p>
                  </div>
                  <p className="text-slate-600">
                    {/* No-break spaces: on a phone «2» and «intentos», or «código» and its number, wrap as one. */}
                    {formatDateTime(delivery.created_at)} · {delivery.attempts}&nbsp;{delivery.attempts === 1 ? 'intento' : 'intentos'}
                    {delivery.last_status !== null && ` · código\u00a0${delivery.last_status}`}
                    {delivery.last_duration_ms !== null && ` · ${delivery.last_duration_ms}\u00a0ms`}
                  </p>
                  {delivery.last_error && <p className="break-words text-red-800">{delivery.last_error}</p>}
                  {delivery.webhook_attempts.length > 0 && (
                    <details>
                      <summary className="cursor-pointer text-slate-700">Ver intentos</summary>
                      <ol className="mt-2 grid gap-2">
                        {delivery.webhook_attempts.map((attempt) => (
                          <li key={attempt.id} className="rounded-lg bg-slate-50 p-2">
                            <p className="text-slate-700">
                              {formatDateTime(attempt.attempted_at)} · {attempt.status === null ? 'sin respuesta' : `código\u00a0${attempt.status}`} ·{' '}
                              {attempt.duration_ms}&nbsp;ms{attempt.error && ` · ${attempt.error}`}
                            </p>
                            {attempt.response_body && (
                              <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-all text-xs text-slate-700">
                                {attempt.response_body}
                              </pre>
                            )}
                          </li>
                        ))}
                      </ol>
                    </details>
                  )}
                  {delivery.payload_kept && (delivery.delivered_at || delivery.gave_up_at) && (
                    <div>
                      <Button variant="outline" size="sm" onClick={() => onResend(delivery)}>
                        <RotateCcw aria-hidden="true" /> Reenviar
                      </Button>
                    </div>
                  )}
                </Card>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
