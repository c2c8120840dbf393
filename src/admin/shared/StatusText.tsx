import { cn } from '../../lib/cn'

/** "✓ Publicada" / "✗ Borrador" and the like, with colour as a second cue (never the only one). */
export function StatusText({ published, on, off }: { published: boolean; on: string; off: string }) {
  return <span className={cn('font-medium', published ? 'text-emerald-700' : 'text-amber-800')}>{published ? `✓ ${on}` : `✗ ${off}`}</span>
}
