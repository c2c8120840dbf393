import { ChevronLeft, ChevronRight } from 'lucide-react'
import { blogPagePath } from '../../blog/paths'
import { cn } from '../../lib/cn'

type Slot = { page: number; neighbour: boolean } | 'gap'

/**
 * The pages to show: always the first, the last, the current one and its neighbours, with a gap mark
 * where pages are skipped. Neighbours hide on phones so the bar fits 390 px.
 */
export function pageSlots(page: number, pageCount: number): Slot[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b)
  const slots: Slot[] = []
  shown.forEach((p, i) => {
    const previous = shown[i - 1]
    if (previous !== undefined && p - previous > 1) slots.push('gap')
    slots.push({ page: p, neighbour: p !== page && p !== 1 && p !== pageCount })
  })
  return slots
}

const item = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold'
const idle = 'text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-brand-700'

/** Previous, page numbers and next; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, pathFor = blogPagePath }: { page: number; pageCount: number; pathFor?: (page: number) => string }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Paginación" className="flex items-center justify-center gap-2">
      {page > 1 && (
        <a href={pathFor(page - 1)} rel="prev" className={cn(item, idle)}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          <span className="sr-only sm:not-sr-only">Anterior</span>
          <span className="sr-only"> (página {page - 1})</span>
        </a>
      )}
      <ul className="flex items-center gap-1">
        {pageSlots(page, pageCount).map((slot, i) =>
          slot === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-slate-500">
              …
            </li>
          ) : (
            <li key={slot.page} className={cn(slot.neighbour && 'hidden sm:block')}>
              <a
                href={pathFor(slot.page)}
                aria-current={slot.page === page ? 'page' : undefined}
                aria-label={`Página ${slot.page}`}
                className={cn(item, slot.page === page ? 'bg-brand-600 text-white' : idle)}
              >
                {slot.page}
              </a>
            </li>
          ),
        )}
      </ul>
      {page < pageCount && (
        <a href={pathFor(page + 1)} rel="next" className={cn(item, idle)}>
          <span className="sr-only sm:not-sr-only">Siguiente</span>
          <span className="sr-only"> (página {page + 1})</span>
          <ChevronRight aria-hidden="true" className="size-4" />
        </a>
      )}
    </nav>
  )
}
