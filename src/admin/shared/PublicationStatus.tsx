import { Clock } from 'lucide-react'
import { publicationState, scheduledLabel } from '../../cms/schedule'
import { StatusText } from './StatusText'

/** A list's status line: "✓ Publicada", "✗ Borrador" or "Programada para el 1 de diciembre de 2026, 9:00". */
export function PublicationStatus({ published, publishedAt, on, off }: { published: boolean; publishedAt: string | null; on: string; off: string }) {
  const state = publicationState(published, publishedAt)
  if (state.kind !== 'scheduled') return <StatusText published={published} on={on} off={off} />
  return (
    <span className="inline-flex items-center gap-1 font-medium text-sky-800">
      <Clock aria-hidden="true" className="size-4" /> {scheduledLabel(state.at)}
    </span>
  )
}
