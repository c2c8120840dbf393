import { Trash2 } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { useConfirm } from '../shared/confirm'
import { deleteMedia, describeUses, saveAlt, usesOf, type MediaItem, type MediaUse } from './mediaLibrary'
import { MediaUses } from './MediaUses'

/** One image of the library: its thumbnail, name, editable alt text, where it is used, and deletion. */
export function MediaCard({ item, uses, onChanged }: { item: MediaItem; uses: MediaUse[]; onChanged: () => void }) {
  const { supabase, canEdit } = useAdmin()
  const confirm = useConfirm()
  const altId = useId()
  const [alt, setAlt] = useState(item.alt)
  const [busy, setBusy] = useState(false)

  const run = async (action: () => Promise<void>, done: string, failure: string) => {
    setBusy(true)
    try {
      await action()
      toast({ title: done })
      onChanged()
    } catch (error) {
      toast({ title: failure, description: error instanceof Error ? error.message : String(error), variant: 'destructive' })
    }
    setBusy(false)
  }

  const save = () => {
    if (!alt.trim()) {
      toast({ title: 'Escribe el texto alternativo', description: 'Describe la imagen para quien no la ve.', variant: 'destructive' })
      return
    }
    void run(() => saveAlt(supabase, item.name, alt), 'Texto alternativo guardado', 'No se pudo guardar el texto alternativo')
  }
  // Deleting an image in use leaves a broken image on the site: the question names where it is shown.
  const remove = async () => {
    // Read again, not the list's: someone may have used the image since the tab loaded.
    const current = (await usesOf(supabase, item.name).catch(() => null))?.get(item.name) ?? uses
    const ok = await confirm({
      title: `¿Estás seguro de eliminar la imagen «${item.name}»?`,
      ...(current.length > 0 && { description: `Se usa en ${describeUses(current)}: allí dejará de verse.` }),
      confirmLabel: 'Eliminar',
      destructive: true,
    })
    if (ok) await run(() => deleteMedia(supabase, item.name), 'Imagen eliminada', 'No se pudo eliminar la imagen')
  }

  return (
    <li className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
      <img src={item.thumbnail} alt={item.alt} width={400} height={250} loading="lazy" className="aspect-[8/5] w-full bg-slate-100 object-cover" />
      <div className="grid gap-2 p-3">
        <p className="truncate text-sm font-medium text-slate-900" title={item.name}>
          {item.name}
        </p>
        <form
          className="grid gap-1.5"
          onSubmit={(e) => {
            e.preventDefault()
            save()
          }}
        >
          <label htmlFor={altId} className="text-xs font-medium text-slate-700">
            Texto alternativo
          </label>
          <div className="flex gap-2">
            <Input id={altId} value={alt} maxLength={300} disabled={!canEdit || busy} onChange={(e) => setAlt(e.target.value)} />
            {canEdit && (
              // Blue while there is a change to save; otherwise grey but readable (faded to half, it vanished on white).
              <Button
                type="submit"
                size="sm"
                disabled={busy || alt.trim() === item.alt}
                className="disabled:bg-slate-100 disabled:text-slate-600 disabled:opacity-100 disabled:ring-1 disabled:ring-inset disabled:ring-slate-300"
              >
                Guardar
              </Button>
            )}
          </div>
          {!item.alt && <p className="text-xs font-medium text-amber-800">Sin texto alternativo: no se puede usar en el contenido.</p>}
        </form>
        <MediaUses uses={uses} />
        {canEdit && (
          <Button variant="ghost" size="sm" className="justify-self-start text-red-700" disabled={busy} onClick={() => void remove()}>
            <Trash2 aria-hidden="true" /> Eliminar<span className="sr-only"> {item.name}</span>
          </Button>
        )}
      </div>
    </li>
  )
}
