import { Clock, ShieldAlert } from 'lucide-react'
import { SelectItem } from '../../components/ui/select'
import { cn } from '../../lib/cn'
import { isOverdue, leadStatuses, statusLabels, type LeadRow } from './leads'

const statusClasses: Record<LeadRow['status'], string> = {
  nuevo: 'bg-brand-700 text-white',
  contactado: 'bg-emerald-100 text-emerald-900',
  descartado: 'bg-slate-200 text-slate-800',
  spam: 'bg-red-100 text-red-900',
}

const badge = 'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold'

/** The lead's status as text on a colour (the colour is never the only cue), and «Fuera de plazo» and «Sin verificar» when they apply. */
export function LeadBadges({ lead }: { lead: Pick<LeadRow, 'status' | 'verified' | 'answer_due_at' | 'first_response_at'> }) {
  return (
    <span className="flex flex-wrap gap-1.5">
      <span className={cn(badge, statusClasses[lead.status])}>{statusLabels[lead.status]}</span>
      {isOverdue(lead) && (
        <span className={cn(badge, 'bg-red-700 text-white')} title="Sigue «Nuevo» después del plazo de respuesta que promete la web">
          <Clock className="size-3.5" aria-hidden="true" /> Fuera de plazo
        </span>
      )}
      {!lead.verified && (
        <span className={cn(badge, 'bg-amber-100 text-amber-950')}>
          <ShieldAlert className="size-3.5" aria-hidden="true" /> Sin verificar
        </span>
      )}
    </span>
  )
}

/** The four statuses as options of a Select (the detail's Estado and the list's filter). */
export function StatusItems() {
  return leadStatuses.map((status) => (
    <SelectItem key={status} value={status}>
      {statusLabels[status]}
    </SelectItem>
  ))
}
