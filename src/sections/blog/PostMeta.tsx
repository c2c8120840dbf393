import type { TagRef } from '../../cms/types'
import { tagPath } from '../../blog/paths'
import { readingTimeLabel } from '../../blog/text'
import { formatDate } from '../../lib/dates'
import { cn } from '../../lib/cn'

/** "3 de noviembre de 2026 · 4 min de lectura"; the machine-readable instant goes in `dateTime`. */
export function PostDate({ publishedAt, readingMinutes, className }: { publishedAt: string; readingMinutes: number; className?: string }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-x-2 text-sm text-slate-600', className)}>
      <time dateTime={publishedAt}>{formatDate(publishedAt)}</time>
      <span aria-hidden="true">·</span>
      <span>{readingTimeLabel(readingMinutes)}</span>
    </p>
  )
}

/** A post's tags as links to their tag pages. `raised` lifts them above a card's stretched title link. */
export function TagList({ tags, raised = false, className }: { tags: TagRef[]; raised?: boolean; className?: string }) {
  if (tags.length === 0) return null
  return (
    <ul className={cn('flex flex-wrap gap-2', className)} aria-label="Etiquetas">
      {tags.map((tag) => (
        <li key={tag.slug}>
          <a
            href={tagPath(tag.slug)}
            className={cn(
              'inline-block rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-700 transition hover:bg-brand-100',
              raised && 'relative z-10',
            )}
          >
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  )
}
