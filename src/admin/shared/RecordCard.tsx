import { Pencil, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { useAdmin } from '../context'

interface RecordCardProps {
  title: string
  children?: ReactNode
  /** Links shown to everyone who can read the record (edit and delete are for staff only). */
  links?: ReactNode
  onEdit?: () => void
  onDelete?: () => void
}

/** One row of a list: its title, details, links, and edit/delete buttons named after the item. */
export function RecordCard({ title, children, links, onEdit, onDelete }: RecordCardProps) {
  const { canEdit } = useAdmin()
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <h3 className="break-words font-semibold text-slate-900">{title}</h3>
        <div className="mt-1 grid gap-1 text-sm text-slate-600">{children}</div>
      </div>
      {(links || (canEdit && (onEdit || onDelete))) && (
        // Links and edit/delete are two groups, so on a phone each keeps its buttons on one line.
        <div className="flex shrink-0 flex-col gap-2 sm:flex-row">
          {links && <div className="flex flex-wrap gap-2">{links}</div>}
          {canEdit && (onEdit || onDelete) && (
            <div className="flex flex-wrap gap-2">
              {onEdit && (
                <Button variant="outline" size="sm" className="text-slate-700" onClick={onEdit} aria-label={`Editar «${title}»`}>
                  <Pencil aria-hidden="true" /> Editar
                </Button>
              )}
              {onDelete && (
                <Button variant="outline" size="sm" className="text-red-700" onClick={onDelete} aria-label={`Eliminar «${title}»`}>
                  <Trash2 aria-hidden="true" /> Eliminar
                </Button>
              )}
            </div>
          )}
        </div>
      )}
    </Card>
  )
}
