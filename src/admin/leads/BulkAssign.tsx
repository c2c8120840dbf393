import { UserRoundCheck, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { SelectItem } from '../../components/ui/select'
import { SelectField } from '../shared/SelectField'
import { NOBODY, type Assignee } from './leads'
import { AssigneeOptions } from './AssigneeOptions'

interface BulkAssignProps {
  count: number
  assignees: Assignee[]
  onAssign: (assignee: string | null) => Promise<void>
  onClear: () => void
}

/** The bar shown while leads are selected in the list: assign them all to one person, or to nobody. */
export function BulkAssign({ count, assignees, onAssign, onClear }: BulkAssignProps) {
  const [choice, setChoice] = useState<string>('')
  const [busy, setBusy] = useState(false)
  const assign = async () => {
    setBusy(true)
    try {
      await onAssign(choice === NOBODY ? null : choice)
    } finally {
      setBusy(false)
    }
  }
  return (
    <div
      role="region"
      aria-label="Contactos seleccionados"
      className="mb-3 flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-3 sm:flex-row sm:items-end"
    >
      <p className="text-sm font-medium text-slate-900 sm:mb-2 sm:mr-auto">
        {count === 1 ? '1 contacto seleccionado' : `${count} contactos seleccionados`}
      </p>
      <SelectField
        label="Asignar a"
        className="sm:w-64"
        triggerClassName="bg-white"
        value={choice}
        onChange={setChoice}
        placeholder="Elige a alguien del equipo"
      >
        <SelectItem value={NOBODY}>Sin asignar</SelectItem>
        <AssigneeOptions assignees={assignees} />
      </SelectField>
      <div className="flex gap-2">
        <Button disabled={!choice || busy} onClick={() => void assign()}>
          <UserRoundCheck aria-hidden="true" /> Asignar
        </Button>
        <Button variant="outline" className="text-slate-800" onClick={onClear}>
          <X aria-hidden="true" /> Quitar selección
        </Button>
      </div>
    </div>
  )
}
