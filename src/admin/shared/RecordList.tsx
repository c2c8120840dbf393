import type { ReactNode } from 'react'
import { Inbox } from 'lucide-react'

interface RecordListProps<T> {
  rows: T[]
  loading: boolean
  /** What the loading state says, e.g. "Cargando menú..." for the menu. */
  loadingLabel?: string
  emptyTitle: string
  emptyDescription: string
  label: string
  getKey: (row: T) => string
  children: (row: T) => ReactNode
}

/** A tab's list with its loading and empty states, as a list for screen readers. */
export function RecordList<T>({
  rows,
  loading,
  loadingLabel = 'Cargando...',
  emptyTitle,
  emptyDescription,
  label,
  getKey,
  children,
}: RecordListProps<T>) {
  if (loading) {
    return (
      <div role="status" className="grid gap-3">
        <span className="text-sm text-slate-600">{loadingLabel}</span>
        {[0, 1, 2].map((i) => (
          <div key={i} aria-hidden="true" className="h-20 animate-pulse rounded-xl border border-slate-200 bg-white" />
        ))}
      </div>
    )
  }
  if (rows.length === 0) {
    return (
      <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
        <Inbox className="size-8 text-slate-400" aria-hidden="true" />
        <p className="font-semibold text-slate-900">{emptyTitle}</p>
        <p className="max-w-sm text-sm text-slate-600">{emptyDescription}</p>
      </div>
    )
  }
  return (
    <ul aria-label={label} className="grid gap-3">
      {rows.map((row) => (
        <li key={getKey(row)}>{children(row)}</li>
      ))}
    </ul>
  )
}
