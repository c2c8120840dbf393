import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/nativeSelect'
import type { GuardedOutcome } from '../shared/conflicts'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { useRecordSave } from '../shared/useRecordSave'
import { STATUS_LABELS } from './redirectStatus'
import type { RedirectRow, RedirectStatus } from './useRedirects'

interface RedirectFormProps {
  draft: RedirectRow
  isNew: boolean
  onChange: (changes: Partial<RedirectRow>) => void
  onSave: (row: RedirectRow) => Promise<GuardedOutcome>
  onClose: () => void
  /** After a save refused by an edit conflict: the list again, with the redirect as saved now. */
  onShowTheirs: () => void
}

/**
 * "Nueva redirección" / "Editar redirección". Only what the browser can tell is checked here (a path that
 * starts with a slash, a destination unless gone); the database checks the rest and says why in Spanish.
 */
export function RedirectForm({ draft, isNew, onChange, onSave, onClose, onShowTheirs }: RedirectFormProps) {
  const source = draft.source.trim()
  const target = (draft.target ?? '').trim()
  const sourceError = source.startsWith('/') ? null : 'Escribe una ruta del sitio que empiece por /, por ejemplo /blog/nombre-antiguo.'
  const targetError = draft.status === 410 || target ? null : 'Escribe el destino: una ruta del sitio (/blog/nuevo) o una URL http(s).'
  const { card, refused } = useRecordSave(draft, (next) => onSave({ ...next, source, target: next.status === 410 ? null : target }), {
    subject: 'esta redirección',
    onClose,
    onShowTheirs,
    ready: () => !sourceError && !targetError,
  })

  return (
    <EditorCard title={isNew ? 'Nueva redirección' : 'Editar redirección'} {...card}>
      <Field label="Ruta antigua" error={refused ? sourceError : null} hint="La dirección que ya no existe, como /blog/nombre-antiguo.">
        {(control) => (
          <Input
            {...control}
            autoFocus={isNew && !draft.source}
            value={draft.source}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => onChange({ source: e.target.value })}
          />
        )}
      </Field>
      <Field label="Tipo">
        {(control) => (
          <NativeSelect
            {...control}
            value={draft.status}
            onChange={(e) => onChange({ status: Number(e.target.value) as RedirectStatus })}
            options={([301, 302, 410] as const).map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
          />
        )}
      </Field>
      {draft.status !== 410 && (
        <Field label="Destino" error={refused ? targetError : null} hint="Una ruta del sitio (/blog/nuevo) o una URL que empiece por https://.">
          {(control) => (
            <Input
              {...control}
              autoFocus={isNew && Boolean(draft.source)}
              value={draft.target ?? ''}
              spellCheck={false}
              autoCapitalize="none"
              onChange={(e) => onChange({ target: e.target.value })}
            />
          )}
        </Field>
      )}
    </EditorCard>
  )
}
