import { useId, useState } from 'react'
import { Input } from '../../components/ui/input'
import { useAdmin } from '../context'
import { TabHeader } from '../shared/TabHeader'
import { MediaCard } from './MediaCard'
import { UploadZone } from './UploadZone'
import { useMedia } from './useMedia'

/** «Medios»: the images of the public `media` bucket, uploaded here and picked in posts and pages. */
export function MediaTab() {
  const { canEdit } = useAdmin()
  const titleId = useId()
  const searchId = useId()
  const media = useMedia()
  const [query, setQuery] = useState('')
  const needle = query.trim().toLowerCase()
  const shown = needle ? media.items.filter((item) => item.name.toLowerCase().includes(needle)) : media.items

  return (
    <section aria-labelledby={titleId} className="grid gap-5">
      <TabHeader title="Medios" titleId={titleId} description="Las imágenes del sitio: súbelas aquí y elígelas en entradas y páginas." />
      {canEdit && <UploadZone onUploaded={() => void media.reload()} />}
      <div className="grid max-w-sm gap-1.5">
        <label htmlFor={searchId} className="text-sm font-medium text-slate-900">
          Buscar por nombre
        </label>
        <Input id={searchId} type="search" value={query} onChange={(e) => setQuery(e.target.value)} />
      </div>
      <p role="status" className="text-sm text-slate-600">
        {media.loading ? 'Cargando...' : `${shown.length} ${shown.length === 1 ? 'imagen' : 'imágenes'}`}
      </p>
      <ul aria-label="Imágenes" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((item) => (
          <MediaCard key={`${item.name}\0${item.alt}`} item={item} onChanged={() => void media.reload()} />
        ))}
      </ul>
    </section>
  )
}
