import { useId, useState } from 'react'
import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/nativeSelect'
import { formRefusal } from '../../lib/webhookUrl'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { EVENT_LABELS, type Endpoint, type WebhookEvent } from './useWebhooks'

type Fields = Pick<Endpoint, 'name' | 'url' | 'events' | 'format'>
const EVENTS: WebhookEvent[] = ['lead.created', 'lead.updated', 'lead.deleted']

/**
 * «Nueva integración». The browser checks the URL's form (https, no user or password) and says why at once; the
 * server then checks where the name points (no private, local or metadata address) and the card shows the result.
 */
export function EndpointForm({ onSave, onCancel }: { onSave: (fields: Fields) => Promise<boolean>; onCancel: () => void }) {
  const [fields, setFields] = useState<Fields>({ name: '', url: '', events: ['lead.created'], format: 'json' })
  const [showErrors, setShowErrors] = useState(false)
  const [saving, setSaving] = useState(false)
  const eventsId = useId()
  const nameError = fields.name.trim() ? null : 'Escribe un nombre para reconocerla, por ejemplo «CRM» o «Slack ventas».'
  // Loopback is the server's to allow (tests only): the browser never lets it through, the server says why.
  const urlError = fields.url.trim() ? formRefusal(fields.url.trim(), true) : 'Escribe la URL que recibirá los avisos (https://…).'
  const eventsError = fields.events.length ? null : 'Elige al menos un evento.'

  const save = async () => {
    if (nameError || urlError || eventsError) return setShowErrors(true)
    setSaving(true)
    await onSave({ ...fields, name: fields.name.trim(), url: fields.url.trim() })
    setSaving(false)
  }
  const toggle = (event: WebhookEvent, on: boolean) =>
    setFields((f) => ({ ...f, events: on ? EVENTS.filter((e) => e === event || f.events.includes(e)) : f.events.filter((e) => e !== event) }))

  return (
    <EditorCard title="Nueva integración" saving={saving} onSave={() => void save()} onCancel={onCancel}>
      <Field label="Nombre" error={showErrors ? nameError : null}>
        {(control) => (
          <Input {...control} autoFocus value={fields.name} maxLength={80} onChange={(e) => setFields({ ...fields, name: e.target.value })} />
        )}
      </Field>
      <Field
        label="URL"
        error={showErrors ? urlError : null}
        hint="La dirección https que da tu CRM, Zapier, Make o el webhook de entrada de Slack o Teams."
      >
        {(control) => (
          <Input
            {...control}
            type="url"
            inputMode="url"
            spellCheck={false}
            autoCapitalize="none"
            value={fields.url}
            onChange={(e) => setFields({ ...fields, url: e.target.value })}
          />
        )}
      </Field>
      <fieldset className="grid gap-2" aria-describedby={showErrors && eventsError ? eventsId : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-900">Eventos</legend>
        {EVENTS.map((event) => (
          <label key={event} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" className="size-4" checked={fields.events.includes(event)} onChange={(e) => toggle(event, e.target.checked)} />
            {EVENT_LABELS[event]}
          </label>
        ))}
        {showErrors && eventsError && (
          <p id={eventsId} className="text-sm text-red-700" role="alert">
            {eventsError}
          </p>
        )}
      </fieldset>
      <Field label="Formato">
        {(control) => (
          <NativeSelect {...control} value={fields.format} onChange={(e) => setFields({ ...fields, format: e.target.value })}>
            <option value="json">JSON completo (CRM, Zapier, Make)</option>
            <option value="text">Mensaje de chat {'{"text": …}'} (Slack, Teams)</option>
          </NativeSelect>
        )}
      </Field>
    </EditorCard>
  )
}
