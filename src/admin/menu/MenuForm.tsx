import { Input } from '../../components/ui/input'
import { NativeSelect } from '../../components/ui/nativeSelect'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import type { MenuItemRow } from './useMenu'
import type { GuardedOutcome } from '../shared/conflicts'
import { useRecordSave } from '../shared/useRecordSave'

/** The order is edited as text and parsed as an integer on save. */
export interface MenuDraft extends Omit<MenuItemRow, 'order_num'> {
  order: string
}

interface MenuFormProps {
  draft: MenuDraft
  isNew: boolean
  onChange: (changes: Partial<MenuDraft>) => void
  onSave: (item: MenuItemRow) => Promise<GuardedOutcome>
  onClose: () => void
  /** After a save refused by an edit conflict: the list again, with the item as saved now. */
  onShowTheirs: () => void
  /** Items this one may sit under: the top-level ones, itself excluded. */
  parents: Pick<MenuItemRow, 'id' | 'label'>[]
}

/** "Crear Nuevo Elemento" / "Editar Elemento". */
export function MenuForm({ draft, isNew, onChange, onSave, onClose, onShowTheirs, parents }: MenuFormProps) {
  const order = Number.parseInt(draft.order, 10)
  const labelError = draft.label.trim() ? null : 'Escribe la etiqueta que verá el visitante.'
  const orderError = Number.isNaN(order) ? 'Escribe un número entero, por ejemplo 3.' : null
  const { card, refused } = useRecordSave(
    draft,
    ({ order: _text, ...rest }) => onSave({ ...rest, label: rest.label.trim(), path: rest.path.trim(), order_num: order }),
    {
      subject: 'este elemento del menú',
      onClose,
      onShowTheirs,
      ready: () => !labelError && !orderError,
    },
  )

  return (
    <EditorCard title={isNew ? 'Crear Nuevo Elemento' : 'Editar Elemento'} {...card}>
      <Field label="Etiqueta" error={refused ? labelError : null}>
        {(control) => <Input {...control} autoFocus value={draft.label} onChange={(e) => onChange({ label: e.target.value })} />}
      </Field>
      <Field label="Ruta" hint="Una ruta del sitio, como /shopify o /#contacto.">
        {(control) => (
          <Input {...control} value={draft.path} spellCheck={false} autoCapitalize="none" onChange={(e) => onChange({ path: e.target.value })} />
        )}
      </Field>
      <Field label="Dentro de" hint="Los elementos que están dentro de otro se muestran en su desplegable.">
        {(control) => (
          <NativeSelect
            {...control}
            value={draft.parent_id ?? ''}
            onChange={(e) => onChange({ parent_id: e.target.value || null })}
            options={parents.map((p) => ({ value: p.id, label: p.label }))}
          >
            <option value="">Ninguno: elemento principal del menú</option>
          </NativeSelect>
        )}
      </Field>
      <Field label="Orden" error={refused ? orderError : null} hint="Los elementos se muestran de menor a mayor.">
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            step={1}
            className="max-w-40"
            value={draft.order}
            onChange={(e) => onChange({ order: e.target.value })}
          />
        )}
      </Field>
    </EditorCard>
  )
}
