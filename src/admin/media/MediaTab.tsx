import { useId, useState } from 'react'
import { useAdmin } from '../context'
import { TabHeader } from '../shared/TabHeader'
import { MediaCard } from './MediaCard'
import { MediaSearch, matchingMedia } from './MediaSearch'
import { UploadZone } from './UploadZone'
import { useMedia } from './useMedia'

/** «Medios»: the images of the public `media` bucket, uploaded here and picked in posts and pages. */
export function MediaTab() {
  const { canEdit } = useAdmin()
  const titleId = useId()
  const media = useMedia({ withUses: true })
  const [query, setQuery] = useState('')
  const shown = matchingMedia(media.items, query)

  return (
    <section aria-labelledby={titleId} className="grid gap-5">
      <TabHeader title="Medios" titleId={titleId} description="Las imágenes del sitio: súbelas aquí y elígelas en entradas y páginas." />
      {canEdit && <UploadZone onUploaded={() => void media.reload()} />}
      <MediaSearch query={query} onQuery={setQuery} shown={shown.length} loading={media.loading} className="max-w-sm" />
      <ul aria-label="Imágenes" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((item) => (
          <MediaCard key={`${item.name}\0${item.alt}`} item={item} uses={media.uses.get(item.name) ?? []} onChanged={() => void media.reload()} />
        ))}
      </ul>
    </section>
  )
}
