import { Icon } from '../../components/ui/Icon'
import { blogPagePath } from '../../blog/paths'
import { cn } from '../../lib/cn'

/** A page link, or a "…" mark where pages are skipped; `on` says at which widths it shows. */
export type Slot = { page: number; on: 'all' | 'wide' } | { gap: true; on: 'all' | 'wide' | 'narrow' }

/**
 * The pages to show: the first, the last and the current one, and on wider screens its neighbours too (so
 * the bar fits 390 px), with a "…" wherever numbers are skipped at that width.
 */
export function pageSlots(page: number, pageCount: number): Slot[] {
  const inRange = (pages: number[]) => [...new Set(pages)].filter((p) => p >= 1 && p <= pageCount).sort((a, b) => a - b)
  const wide = inRange([1, page - 1, page, page + 1, pageCount])
  const narrow = new Set(inRange([1, page, pageCount]))
  const slots: Slot[] = []
  let previousWide = 0
  let previousNarrow = 0
  for (const p of wide) {
    const wideGap = previousWide > 0 && p - previousWide > 1
    const narrowGap = narrow.has(p) && previousNarrow > 0 && p - previousNarrow > 1
    if (wideGap || narrowGap) slots.push({ gap: true, on: wideGap && narrowGap ? 'all' : wideGap ? 'wide' : 'narrow' })
    slots.push({ page: p, on: narrow.has(p) ? 'all' : 'wide' })
    previousWide = p
    if (narrow.has(p)) previousNarrow = p
  }
  return slots
}

const shownOn = { all: '', wide: 'hidden sm:block', narrow: 'sm:hidden' } as const

const item = 'inline-flex h-10 min-w-10 items-center justify-center gap-1 rounded-lg px-3 text-sm font-semibold'
const idle = 'text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 hover:text-brand-700'

/** Previous, page numbers and next; nothing when everything fits on one page. */
export function Pagination({ page, pageCount, pathFor = blogPagePath }: { page: number; pageCount: number; pathFor?: (page: number) => string }) {
  if (pageCount <= 1) return null
  return (
    <nav aria-label="Paginación" className="flex items-center justify-center gap-2">
      {page > 1 && (
        <a href={pathFor(page - 1)} rel="prev" className={cn(item, idle)}>
          <Icon name="chevron-left" className="size-4" />
          <span className="sr-only sm:not-sr-only">Anterior</span>
          <span className="sr-only"> (página {page - 1})</span>
        </a>
      )}
      <ul className="flex items-center gap-1">
        {pageSlots(page, pageCount).map((slot, i) =>
          'gap' in slot ? (
            <li key={`gap-${i}`} aria-hidden="true" className={cn('px-1 text-slate-500', shownOn[slot.on])}>
              …
            </li>
          ) : (
            <li key={slot.page} className={cn(shownOn[slot.on])}>
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
          <Icon name="chevron-right" className="size-4" />
        </a>
      )}
    </nav>
  )
}
