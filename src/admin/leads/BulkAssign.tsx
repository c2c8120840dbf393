import { UserRoundCheck, X } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
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
  const id = useId()
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
      <div className="grid gap-1.5 sm:w-64">
        <Label htmlFor={id}>Asignar a</Label>
        <Select value={choice} onValueChange={setChoice}>
          <SelectTrigger id={id} className="bg-white">
            <SelectValue placeholder="Elige a alguien del equipo" />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={NOBODY}>Sin asignar</SelectItem>
            <AssigneeOptions assignees={assignees} />
          </SelectContent>
        </Select>
      </div>
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
