import { Plus } from 'lucide-react'
import type { ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { useAdmin } from '../context'

interface TabHeaderProps {
  title: string
  /** For the tab section's aria-labelledby. */
  titleId: string
  description?: string
  /** The tab's create button, e.g. "Nueva Página"; staff only. */
  createLabel?: string
  onCreate?: () => void
  children?: ReactNode
}

export function TabHeader({ title, titleId, description, createLabel, onCreate, children }: TabHeaderProps) {
  const { canEdit } = useAdmin()
  return (
    <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={titleId} className="text-xl font-bold text-slate-900 sm:text-2xl">
          {title}
        </h2>
        {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      </div>
      <div className="flex flex-col gap-2 sm:flex-row sm:items-end">
        {children}
        {canEdit && createLabel && onCreate && (
          <Button onClick={onCreate}>
            <Plus aria-hidden="true" /> {createLabel}
          </Button>
        )}
      </div>
    </div>
  )
}
