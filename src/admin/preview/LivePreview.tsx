import { Eye, Monitor, Smartphone, Tablet, type LucideIcon } from 'lucide-react'
import { useCallback, useEffect, useId, useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import type { PreviewDraft } from '../../pageData/livePreview'
import { placeOf, placeSelector, type PlaceRef } from '../../siteContent/placeMarks'
import { SerpPreview } from '../seo/SerpPreview'
import { useAccessToken } from '../shared/useAccessToken'
import { applyPatches } from './applyPatch'
import type { PreviewAsk, PreviewWorkerResult } from './previewWorker'
import { SocialCard, headOf, type PreviewHead } from './SocialCard'

/** How long typing must pause before the draft is sent: the preview follows within this plus one render. */
export const PREVIEW_DEBOUNCE_MS = 100

// The admin's one preview worker (./previewWorker.ts), made when the first pane opens; each pane has a number.
let sharedWorker: Worker | undefined
const previewWorker = () => (sharedWorker ??= new Worker(new URL('./previewWorker.ts', import.meta.url), { type: 'module' }))
let panes = 0

type PreviewStatus = { status: 'waiting' } | { status: 'ready' } | { status: 'failed'; message: string }

const WIDTHS: { width: number; label: string; icon: LucideIcon }[] = [
  { width: 390, label: 'Móvil (390 px)', icon: Smartphone },
  { width: 768, label: 'Tableta (768 px)', icon: Tablet },
  { width: 1440, label: 'Escritorio (1440 px)', icon: Monitor },
]

interface LivePreviewProps {
  draft: PreviewDraft
  /** Textos: the place being edited, outlined in the preview and scrolled into view. */
  selected?: PlaceRef
  /** Textos: a click on a marked text in the preview selects its place in the form. */
  onSelectPlace?: (place: PlaceRef) => void
}

// The marks' outline, added to the previewed page's head only in the admin (never in what the site serves).
const markStyle = (selected: PlaceRef | undefined) =>
  `<style data-admin-preview>${placeSelector()}{outline:2px dashed rgb(79 107 255 / .55);outline-offset:3px;cursor:pointer}` +
  (selected ? `${placeSelector(selected)}{outline:3px solid rgb(79 107 255);outline-offset:4px;background:rgb(79 107 255 / .12)}` : '') +
  '</style>'

/**
 * The page as the site renders it, beside the form (docs/decisions/0100-live-preview.md): the server renders
 * the unsaved draft with the public page's own renderer, and the answer is morphed into the frame, so its
 * scroll position holds across updates. The page's scripts are taken out before it is shown (no page script,
 * no analytics beacon); the admin, same-origin with the frame, reads its head for the search snippet and the
 * social card and listens to its clicks. A width switch renders the page at that width and scales it to fit.
 */
export function LivePreview({ draft, selected, onSelectPlace }: LivePreviewProps) {
  const id = useId()
  const token = useAccessToken()
  const [state, setState] = useState<PreviewStatus>({ status: 'waiting' })
  const [width, setWidth] = useState(1440)
  const [open, setOpen] = useState(false)
  const [head, setHead] = useState<PreviewHead | null>(null)
  const frame = useRef<HTMLIFrameElement>(null)
  const box = useRef<HTMLDivElement>(null)
  const [boxSize, setBoxSize] = useState({ width: 0, height: 0 })
  const selectRef = useRef(onSelectPlace)
  selectRef.current = onSelectPlace
  const marks = onSelectPlace ? markStyle(selected) : ''
  const marksRef = useRef(marks)
  marksRef.current = marks

  useEffect(() => {
    const element = box.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => entry && setBoxSize({ width: entry.contentRect.width, height: entry.contentRect.height }))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])

  // The worker (./previewWorker.ts) fetches each draft's page, parses it off this thread and answers the whole
  // page for an empty frame, else only what changed, applied here (./applyPatch.ts): the frame keeps its scroll
  // position, and a 1 MB post costs this thread the size of the change, not of the page. 'ready': the frame shows
  // the page the worker last answered, so its changes apply; while a page loads they are not asked for.
  const [pane] = useState(() => ++panes)
  const worker = useRef<Worker | null>(null)
  const frameState = useRef<'empty' | 'loading' | 'ready'>('empty')
  const post = useCallback((ask: PreviewAsk) => worker.current?.postMessage({ ...ask, pane }), [pane])
  const showWhole = useCallback(() => post({ kind: 'show', headExtra: marksRef.current, shown: false }), [post])
  useEffect(() => {
    const preview = previewWorker()
    const onAnswer = ({ data }: MessageEvent<PreviewWorkerResult>) => {
      if (data.pane !== pane) return
      // The same failure again keeps its state: no new render, so no new request from it.
      if (data.kind === 'failed')
        return setState((s) => (s.status === 'failed' && s.message === data.message ? s : { status: 'failed', message: data.message }))
      setState((s) => (s.status === 'ready' ? s : { status: 'ready' }))
      const iframe = frame.current
      if (!iframe) return
      if (data.kind === 'load') {
        frameState.current = 'loading'
        iframe.srcdoc = data.html
        return
      }
      // Changes to a page the frame is still loading, or that a newer load replaces: the latest page, whole.
      if (frameState.current !== 'ready') return showWhole()
      const doc = iframe.contentDocument
      if (doc && applyPatches(doc, data.patches)) return setHead(headOf(doc))
      frameState.current = 'empty'
      showWhole()
    }
    preview.addEventListener('message', onAnswer)
    worker.current = preview
    return () => {
      post({ kind: 'close' })
      preview.removeEventListener('message', onAnswer)
      worker.current = null
    }
  }, [pane, post, showWhole])
  // The form once typing pauses. The draft is handed over as it is (copied, not serialised, on this thread); the
  // worker sends it only if it differs from the last one answered.
  useEffect(() => {
    if (!token) return
    const timer = setTimeout(() => post({ kind: 'draft', draft, token }), PREVIEW_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [draft, token, post])
  useEffect(() => {
    post({ kind: 'show', headExtra: marks, shown: frameState.current === 'ready' })
  }, [marks, post])

  // The edited place in view, once per choice.
  useEffect(() => {
    if (selected) frame.current?.contentDocument?.querySelector(placeSelector(selected))?.scrollIntoView({ block: 'center', behavior: 'smooth' })
  }, [selected, state.status])

  const onLoad = () => {
    const doc = frame.current?.contentDocument
    if (!doc?.body?.childElementCount) return
    frameState.current = 'ready'
    setHead(headOf(doc))
    // Links and forms of the previewed page lead nowhere from here; a marked text selects its place.
    doc.addEventListener('click', (event) => {
      // The frame's nodes belong to its own realm: `instanceof Element` (the admin's) would be false.
      const node = event.target as Node | null
      const target = node?.nodeType === Node.ELEMENT_NODE ? (node as Element) : null
      const place = placeOf(target)
      if (place && selectRef.current) selectRef.current(place)
      if (place || target?.closest('a, button')) event.preventDefault()
    })
    doc.addEventListener('submit', (event) => event.preventDefault())
  }

  const scale = boxSize.width ? Math.min(1, boxSize.width / width) : 1
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-3 xl:sticky xl:top-4 xl:self-start">
      <Button type="button" variant="outline" className="xl:hidden" aria-expanded={open} aria-controls={`${id}-pane`} onClick={() => setOpen(!open)}>
        <Eye aria-hidden="true" /> {open ? 'Ocultar la vista previa' : 'Vista previa'}
      </Button>
      <div id={`${id}-pane`} className={`${open ? 'flex' : 'hidden'} min-w-0 flex-col gap-3 xl:flex`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            Vista previa <span className="font-normal text-slate-600">(sin guardar, no es pública)</span>
          </h3>
          <div role="group" aria-label="Ancho de la vista previa" className="flex gap-1">
            {WIDTHS.map(({ width: w, label, icon: Icon }) => (
              <Button
                key={w}
                type="button"
                size="sm"
                variant={w === width ? 'default' : 'ghost'}
                aria-pressed={w === width}
                onClick={() => setWidth(w)}
              >
                <Icon aria-hidden="true" />
                <span className="sr-only">{label}</span>
              </Button>
            ))}
          </div>
        </div>
        <div ref={box} className="relative h-[70dvh] overflow-hidden rounded-lg border border-slate-300 bg-white xl:h-[calc(100dvh-14rem)]">
          <iframe
            ref={frame}
            title="Vista previa de la página sin guardar"
            onLoad={onLoad}
            className="absolute left-0 top-0 origin-top-left border-0"
            style={{ width, height: boxSize.height / scale, transform: `scale(${scale})` }}
          />
          {state.status !== 'ready' && (
            <p role="status" className="absolute inset-0 grid place-items-center p-4 text-center text-sm text-slate-700">
              {state.status === 'failed' ? `No se pudo mostrar la vista previa: ${state.message}` : 'Preparando la vista previa…'}
            </p>
          )}
        </div>
        {head && (
          // minmax(0, …): the snippet's address is one unbroken line, which must not widen the pane past a phone's screen.
          <div className="grid grid-cols-[minmax(0,1fr)] gap-3 2xl:grid-cols-2">
            <SerpPreview title={head.title} description={head.description} url={head.url} noindex={false} />
            <SocialCard head={head} />
          </div>
        )}
      </div>
    </section>
  )
}
