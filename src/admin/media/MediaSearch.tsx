import { useId } from 'react'
import { Input } from '../../components/ui/input'
import { cn } from '../../lib/cn'
import type { MediaItem } from './mediaLibrary'

/** The library's images whose name contains the query (case-insensitive). */
export function matchingMedia(items: MediaItem[], query: string): MediaItem[] {
  const needle = query.trim().toLowerCase()
  return needle ? items.filter((item) => item.name.toLowerCase().includes(needle)) : items
}

/** «Buscar por nombre» and the live count of what it shows, read out as it changes. */
export function MediaSearch(props: { query: string; onQuery: (query: string) => void; shown: number; loading: boolean; className?: string }) {
  const id = useId()
  return (
    <>
      <div className={cn('grid gap-1.5', props.className)}>
        <label htmlFor={id} className="text-sm font-medium text-slate-900">
          Buscar por nombre
        </label>
        <Input id={id} type="search" value={props.query} onChange={(e) => props.onQuery(e.target.value)} />
      </div>
      <p role="status" className="text-sm text-slate-600">
        {props.loading ? 'Cargando...' : props.shown === 0 ? 'No hay imágenes.' : `${props.shown} ${props.shown === 1 ? 'imagen' : 'imágenes'}`}
      </p>
    </>
  )
}
