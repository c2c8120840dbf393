import { ExternalLink, X } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import { DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { NewTabNote } from '../../components/ui/NewTabNote'
import type { ToastInput } from '../../lib/toast'
import { parsePlaceId } from '../../siteContent/placeMarks'
import { useAdmin } from '../context'
import { ConflictNotice } from '../shared/ConflictNotice'
import { useUnsavedChanges } from '../shared/unsaved'
import { useGuardedSave } from '../shared/useGuardedSave'
import { openSession, subjectOf, type EditSession, type EditTarget } from './editTargets'
import { editPlaces, markedPlaces, placeElementOf, showChanges } from './frameEditing'
import { markedPage } from './markedPage'

interface EditModeProps {
  target: EditTarget
  /** What the bar's title names: the page's or the record's name. */
  name: string
  /** The public address, linked from the bar when visitors can open it. */
  publicPath?: string
  /** Leaves edit mode, after asking when something is unsaved. */
  onLeave: () => void
}

/** The session and its staff render, once both are read. */
interface Loaded {
  session: EditSession
  html: string
}

/**
 * «Editar en la página» (docs/decisions/0101-edit-on-the-page.md): the page as the site renders it, with the
 * places staff may change outlined and editable as plain text, under a bar with Guardar, Descartar and Salir.
 * A separate chunk of the admin, loaded only when staff open it; the public page never loads it.
 */
export default function EditMode({ target, name, publicPath, onLeave }: EditModeProps) {
  const { supabase } = useAdmin()
  const frame = useRef<HTMLIFrameElement>(null)
  const [loaded, setLoaded] = useState<Loaded | null>(null)
  const [loadError, setLoadError] = useState<string | null>(null)
  /** Bumped to read the record and render the page again (Descartar, «Ver su versión»). */
  const [generation, setGeneration] = useState(0)
  /** Each place's text as stored (as the frame rendered it, then as this session saved it), by mark. */
  const [savedText, setSavedText] = useState<ReadonlyMap<string, string>>(new Map())
  const [typed, setTyped] = useState<ReadonlyMap<string, string>>(new Map())
  const [notice, setNotice] = useState<ToastInput | null>(null)

  const changed = useMemo(() => [...typed].filter(([id, text]) => text !== savedText.get(id)).map(([id]) => id), [typed, savedText])
  useUnsavedChanges(changed.length > 0)

  useEffect(() => {
    let current = true
    setLoaded(null)
    setLoadError(null)
    void openSession(supabase, target)
      .then(async (session) => {
        const html = await markedPage(supabase, session.draft)
        if (current) setLoaded({ session, html })
      })
      .catch((error: unknown) => current && setLoadError(error instanceof Error ? error.message : String(error)))
    return () => {
      current = false
    }
  }, [supabase, target, generation])

  const saveRef = useRef<() => void>(() => undefined)
  const focusPlace = (id: string | undefined) => {
    const place = id && parsePlaceId(id)
    const doc = frame.current?.contentDocument
    if (place && doc) placeElementOf(doc, place)?.focus()
  }

  /** Wires the frame once its document is parsed: what it renders is what is stored. */
  const onFrameLoad = () => {
    const doc = frame.current?.contentDocument
    if (!doc || !loaded) return
    setSavedText(new Map(markedPlaces(doc).map((m) => [m.id, m.text])))
    setTyped(new Map())
    editPlaces(doc, {
      labels: new Map([...loaded.session.places].map(([id, place]) => [id, place.label])),
      onInput: (id, text) => setTyped((before) => new Map(before).set(id, text)),
      onEscape: onLeave,
      onSave: () => saveRef.current(),
    })
  }
  useEffect(() => {
    const doc = frame.current?.contentDocument
    if (doc) showChanges(doc, new Set(changed))
  }, [changed])

  const guarded = useGuardedSave<{ edits: ReadonlyMap<string, string>; overwrite: boolean }>(
    async ({ edits, overwrite }) => {
      const outcome = await loaded!.session.save(edits, {
        overwrite,
        notify: setNotice,
        onSaved: (id, text) => {
          // What was stored is the trimmed text; the place keeps showing it as typed until the next render.
          setSavedText((before) => new Map(before).set(id, text))
          setTyped((before) => new Map(before).set(id, text))
        },
      })
      if (!outcome.ok) focusPlace(outcome.at)
      return outcome
    },
    {
      subject: subjectOf(target),
      onSaved: () => setNotice({ title: 'Cambios guardados.', description: 'Se ven en la página publicada en un segundo.' }),
      onShowTheirs: () => setGeneration((g) => g + 1),
      withVersion: (draft) => ({ ...draft, overwrite: true }),
      resave: () => void save(),
    },
  )

  const save = async () => {
    if (guarded.saving || !loaded) return
    const edits = new Map(changed.map((id) => [id, typed.get(id)!.trim()]))
    if (edits.size === 0) return setNotice({ title: 'No hay cambios que guardar.' })
    for (const [id, text] of edits) {
      const place = loaded.session.places.get(id)!
      const error = place.error(text)
      if (error) {
        setNotice({ title: `${place.label}:`, description: error, variant: 'destructive' })
        return focusPlace(id)
      }
    }
    setNotice(null)
    await guarded.submit({ edits, overwrite: false })
  }
  saveRef.current = () => void save()

  const discard = () => {
    setNotice(null)
    setGeneration((g) => g + 1)
  }

  return (
    <div className="flex h-full flex-col">
      <div className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <div className="min-w-0">
            <DialogTitle className="text-base sm:text-lg">Editar en la página: {name}</DialogTitle>
            <DialogDescription>
              Haz clic en un texto con borde para cambiarlo. Tab pasa al siguiente; Esc sale.
              {publicPath && (
                <>
                  {' '}
                  <a href={publicPath} target="_blank" rel="noopener" className="font-medium text-brand-700 underline underline-offset-2">
                    {publicPath}
                    <ExternalLink aria-hidden="true" className="ml-0.5 inline size-3.5" />
                    <NewTabNote />
                  </a>
                </>
              )}
            </DialogDescription>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <p role="status" className="mr-2 text-sm text-slate-700">
              {changed.length === 0 ? 'Sin cambios' : changed.length === 1 ? '1 texto cambiado' : `${changed.length} textos cambiados`}
            </p>
            <Button onClick={() => void save()} disabled={guarded.saving || !loaded} aria-busy={guarded.saving}>
              {guarded.saving ? 'Guardando...' : 'Guardar'}
            </Button>
            <Button variant="secondary" onClick={discard} disabled={guarded.saving || changed.length === 0}>
              Descartar cambios
            </Button>
            <Button variant="outline" className="text-slate-700" onClick={onLeave}>
              <X aria-hidden="true" /> Salir
            </Button>
          </div>
        </div>
        <div aria-live="polite">
          {notice && (
            <p className={`mt-2 text-sm ${notice.variant === 'destructive' ? 'text-red-700' : 'text-emerald-800'}`}>
              <span className="font-semibold">{notice.title}</span>
              {notice.description && <> {notice.description}</>}
            </p>
          )}
        </div>
        {guarded.conflict && <ConflictNotice {...guarded.conflict} />}
      </div>
      {loadError ? (
        <p role="alert" className="p-6 text-red-700">
          No se pudo cargar la página: {loadError}
        </p>
      ) : loaded ? (
        <iframe
          key={generation}
          ref={frame}
          title={`${name} en modo edición`}
          // Same origin, so the admin edits its document; no allow-scripts: the page runs none of its own code here.
          sandbox="allow-same-origin"
          srcDoc={loaded.html}
          onLoad={onFrameLoad}
          className="w-full flex-1 border-0 bg-white"
        />
      ) : (
        <p role="status" className="p-6 text-slate-700">
          Cargando la página...
        </p>
      )}
    </div>
  )
}
