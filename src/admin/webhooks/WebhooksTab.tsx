import { KeyRound, Pause, Play, RotateCw, Send, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { formatDateTime } from '../../lib/dates'
import { useConfirm } from '../shared/confirm'
import { RecordList } from '../shared/RecordList'
import { TabHeader } from '../shared/TabHeader'
import { DeliveryLog } from './DeliveryLog'
import { EndpointForm } from './EndpointForm'
import { EVENT_LABELS, useWebhooks, type Endpoint, type WebhookEvent } from './useWebhooks'

const STATE_LABELS: Record<string, { text: string; className: string }> = {
  checking: { text: 'Comprobando la dirección…', className: 'bg-slate-100 text-slate-700' },
  active: { text: 'Activa', className: 'bg-emerald-50 text-emerald-800' },
  refused: { text: 'Rechazada', className: 'bg-red-50 text-red-800' },
  paused: { text: 'En pausa', className: 'bg-amber-50 text-amber-900' },
}

/**
 * The Integraciones tab (admins only): the endpoints that hear of leads (docs/webhooks.md), each with its events,
 * its format and its signing secret (shown once, at creation and at rotation), and the log of deliveries.
 */
export function WebhooksTab() {
  const webhooks = useWebhooks()
  const confirm = useConfirm()
  const [adding, setAdding] = useState(false)
  const [secret, setSecret] = useState<{ name: string; value: string } | null>(null)

  const rotate = async (endpoint: Endpoint) => {
    const sure = await confirm({
      title: `¿Cambiar el secreto de «${endpoint.name}»?`,
      description: 'El secreto actual deja de valer al momento: el destino rechazará los avisos hasta que le pongas el nuevo.',
      confirmLabel: 'Rotar secreto',
    })
    if (!sure) return
    const value = await webhooks.rotate(endpoint)
    if (value) setSecret({ name: endpoint.name, value })
  }
  const remove = async (endpoint: Endpoint) => {
    const sure = await confirm({
      title: `¿Eliminar «${endpoint.name}»?`,
      description: 'Deja de recibir avisos y se borra su registro de entregas.',
      confirmLabel: 'Eliminar',
      destructive: true,
    })
    if (sure) await webhooks.remove(endpoint)
  }

  return (
    <section aria-labelledby="webhooks-title" className="grid gap-6">
      <TabHeader
        title="Integraciones"
        titleId="webhooks-title"
        description="Avisos firmados a las otras herramientas del equipo (un CRM, un canal de Slack o Teams) cuando llega, cambia o se borra un contacto."
        createLabel={adding ? undefined : 'Nueva integración'}
        onCreate={() => setAdding(true)}
      />
      {secret && <SecretNotice name={secret.name} secret={secret.value} onDone={() => setSecret(null)} />}
      {adding && (
        <EndpointForm
          onCancel={() => setAdding(false)}
          onSave={async (fields) => {
            const value = await webhooks.create(fields)
            if (!value) return false
            setAdding(false)
            setSecret({ name: fields.name, value })
            return true
          }}
        />
      )}
      <RecordList
        rows={webhooks.endpoints}
        loading={webhooks.loading}
        loadingLabel="Cargando integraciones..."
        emptyTitle="Todavía no hay integraciones"
        emptyDescription="Añade la URL de tu CRM o de un webhook de entrada de Slack o Teams."
        label="Integraciones"
        getKey={(endpoint) => endpoint.id}
      >
        {(endpoint) => (
          <EndpointCard
            endpoint={endpoint}
            onTest={() => void webhooks.sendTest(endpoint)}
            onRotate={() => void rotate(endpoint)}
            onPause={(paused) => void webhooks.setPaused(endpoint, paused)}
            onRemove={() => void remove(endpoint)}
          />
        )}
      </RecordList>
      <DeliveryLog deliveries={webhooks.deliveries} endpoints={webhooks.endpoints} onResend={(d) => void webhooks.resend(d)} />
    </section>
  )
}

function SecretNotice({ name, secret, onDone }: { name: string; secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState(false)
  return (
    <Card role="status" className="grid gap-3 border-amber-300 bg-amber-50 p-4 sm:p-5">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <KeyRound className="size-4" aria-hidden="true" /> Secreto de firma de «{name}»
      </h3>
      <p className="text-sm text-slate-700">
        Cópialo ahora y guárdalo en la herramienta que recibe los avisos: no se volverá a mostrar. Con él comprueba que cada aviso viene de esta web
        (cabecera <code>webhook-signature</code>).
      </p>
      <code className="block break-all rounded-lg border border-amber-200 bg-white p-3 text-sm" data-testid="webhook-secret">
        {secret}
      </code>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={() => void navigator.clipboard.writeText(secret).then(() => setCopied(true))} aria-live="polite">
          {copied ? 'Copiado' : 'Copiar'}
        </Button>
        <Button size="sm" onClick={onDone}>
          Ya lo he guardado
        </Button>
      </div>
    </Card>
  )
}

interface EndpointCardProps {
  endpoint: Endpoint
  onTest: () => void
  onRotate: () => void
  onPause: (paused: boolean) => void
  onRemove: () => void
}

function EndpointCard({ endpoint, onTest, onRotate, onPause, onRemove }: EndpointCardProps) {
  const state = STATE_LABELS[endpoint.state] ?? STATE_LABELS.checking!
  const paused = endpoint.state === 'paused'
  return (
    <Card className="grid gap-3 p-4 sm:p-5" aria-label={endpoint.name}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{endpoint.name}</h3>
          <p className="break-all text-sm text-slate-600">{endpoint.url}</p>
        </div>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${state.className}`}>{state.text}</span>
      </div>
      {endpoint.state_reason && (
        <p className={`text-sm ${endpoint.state === 'refused' ? 'text-red-800' : 'text-amber-900'}`} role="alert">
          {endpoint.state_reason}
        </p>
      )}
      <dl className="grid gap-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr] sm:gap-x-3">
        <dt className="font-medium text-slate-700">Eventos</dt>
        <dd>{endpoint.events.map((e) => EVENT_LABELS[e as WebhookEvent]).join(' · ')}</dd>
        <dt className="font-medium text-slate-700">Formato</dt>
        <dd>{endpoint.format === 'text' ? 'Mensaje de chat (Slack, Teams)' : 'JSON completo'}</dd>
        <dt className="font-medium text-slate-700">Creada</dt>
        <dd>{formatDateTime(endpoint.created_at)}</dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={onTest} disabled={endpoint.state === 'refused'}>
          <Send aria-hidden="true" /> Enviar prueba
        </Button>
        <Button variant="outline" size="sm" onClick={onRotate}>
          <RotateCw aria-hidden="true" /> Rotar secreto
        </Button>
        {endpoint.state !== 'refused' && (
          <Button variant="outline" size="sm" onClick={() => onPause(!paused)}>
            {paused ? <Play aria-hidden="true" /> : <Pause aria-hidden="true" />} {paused ? 'Reanudar' : 'Pausar'}
          </Button>
        )}
        <Button variant="outline" size="sm" className="text-red-700" onClick={onRemove} aria-label={`Eliminar ${endpoint.name}`}>
          <Trash2 aria-hidden="true" /> Eliminar
        </Button>
      </div>
    </Card>
  )
}
