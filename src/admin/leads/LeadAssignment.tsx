import { UserRound } from 'lucide-react'
import { useId } from 'react'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { formatDateTime } from '../../lib/dates'
import { isOverdue, NOBODY, type Assignee, type LeadRow } from './leads'
import { AssigneeOptions } from './AssigneeOptions'

interface LeadAssignmentProps {
  lead: LeadRow
  assignees: Assignee[]
  onAssign: (assignee: string | null) => void
}

/** «Asignado a» in a lead's detail, with when its answer is due (or was given). */
export function LeadAssignment({ lead, assignees, onAssign }: LeadAssignmentProps) {
  const id = useId()
  // An assignee the list does not know (still loading) keeps the Select's value readable.
  const known = lead.assigned_to === null || assignees.some((a) => a.user_id === lead.assigned_to)
  return (
    <div className="grid min-w-0 grid-cols-1 gap-1.5">
      <Label htmlFor={id}>Asignado a</Label>
      <Select value={lead.assigned_to ?? NOBODY} onValueChange={(value) => onAssign(value === NOBODY ? null : value)}>
        <SelectTrigger id={id}>
          <UserRound className="size-4 shrink-0 text-slate-500" aria-hidden="true" />
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOBODY}>Sin asignar</SelectItem>
          {!known && <SelectItem value={lead.assigned_to!}>Otra persona del equipo</SelectItem>}
          <AssigneeOptions assignees={assignees} />
        </SelectContent>
      </Select>
      <ResponseDue lead={lead} />
    </div>
  )
}

/** The promise for this lead: when the first answer is due, or when it came. */
function ResponseDue({ lead }: { lead: LeadRow }) {
  if (lead.first_response_at) return <p className="text-xs text-slate-600">Primera respuesta: {formatDateTime(lead.first_response_at)}</p>
  if (!lead.answer_due_at || lead.status !== 'nuevo') return null
  return isOverdue(lead) ? (
    <p className="text-xs font-medium text-red-800">Fuera de plazo desde el {formatDateTime(lead.answer_due_at)}</p>
  ) : (
    <p className="text-xs text-slate-600">Responder antes del {formatDateTime(lead.answer_due_at)}</p>
  )
}
