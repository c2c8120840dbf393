import { ImagePlus } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../components/ui/dialog'
import { MediaSearch, matchingMedia } from './MediaSearch'
import type { MediaChoice } from './mediaLibrary'
import { useMedia } from './useMedia'

/**
 * «Elegir de la biblioteca»: a dialog with the library's images; choosing one hands its path and alt text to the form.
 * Images without alt text are listed but cannot be chosen (they are labelled in the Medios tab).
 */
export function MediaPicker({ onPick }: { onPick: (choice: MediaChoice) => void }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="secondary" size="sm" className="justify-self-start">
          <ImagePlus aria-hidden="true" /> Elegir de la biblioteca
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] max-w-3xl overflow-y-auto">
        {open && (
          <PickerBody
            onPick={(choice) => {
              onPick(choice)
              setOpen(false)
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  )
}

function PickerBody({ onPick }: { onPick: (choice: MediaChoice) => void }) {
  const media = useMedia()
  const [query, setQuery] = useState('')
  const shown = matchingMedia(media.items, query)
  return (
    <>
      <DialogTitle>Elegir de la biblioteca</DialogTitle>
      <DialogDescription>Solo se pueden elegir imágenes con texto alternativo; escríbelo en la pestaña Medios.</DialogDescription>
      <MediaSearch query={query} onQuery={setQuery} shown={shown.length} loading={media.loading} />
      <ul aria-label="Imágenes de la biblioteca" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {shown.map((item) => (
          <li key={item.name}>
            <button
              type="button"
              disabled={!item.alt}
              onClick={() => onPick({ url: item.url, alt: item.alt })}
              className="grid w-full gap-1 rounded-xl p-1 text-left ring-1 ring-slate-200 hover:ring-brand-500 focus-visible:outline-2 focus-visible:outline-brand-500 disabled:cursor-not-allowed disabled:opacity-60"
            >
              <img
                src={item.thumbnail}
                alt=""
                width={400}
                height={250}
                loading="lazy"
                className="aspect-[8/5] w-full rounded-lg bg-slate-100 object-cover"
              />
              <span className="truncate text-xs font-medium text-slate-900">{item.alt || item.name}</span>
              {!item.alt && <span className="text-xs text-slate-700">Sin texto alternativo</span>}
              <span className="sr-only">{item.alt ? `Elegir ${item.name}` : ''}</span>
            </button>
          </li>
        ))}
      </ul>
      <DialogClose asChild>
        <Button type="button" variant="outline" className="justify-self-end text-slate-700">
          Cancelar
        </Button>
      </DialogClose>
    </>
  )
}
