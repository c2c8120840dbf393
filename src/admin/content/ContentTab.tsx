import { Plus, RotateCcw } from 'lucide-react'
import { useId, useState } from 'react'
import { useData } from 'vike-react/useData'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { hasPlace, type TextPlace } from '../../site-content/places'
import { useAdmin } from '../context'
import { useConfirmDelete } from '../shared/confirm'
import { RecordCard } from '../shared/RecordCard'
import { TabHeader } from '../shared/TabHeader'
import { useLeaveGuard } from '../shared/unsaved'
import { useGuardedDelete } from '../shared/useGuardedDelete'
import { useEditor } from '../shared/useEditor'
import { BlockForm } from './BlockForm'
import type { ContentPage } from './contentPages'
import { useContentBlocks, type ContentBlockRow } from './useContentBlocks'

/**
 * The Contenido tab: for the chosen page, every text its content file lets staff replace, with
 * the file's text and the block that replaces it, if any; blocks that fit no place are flagged.
 */
export function ContentTab() {
  const { contentPages } = useData<{ contentPages: ContentPage[] }>()
  const { canEdit } = useAdmin()
  const selectId = useId()
  const placeSelectId = useId()
  const [pageKey, setPageKey] = useState(contentPages[0]!.key)
  const page = contentPages.find((p) => p.key === pageKey)!
  const blocks = useContentBlocks(pageKey)
  const editor = useEditor<ContentBlockRow>()
  const mayLeave = useLeaveGuard()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()
  const [busy, setBusy] = useState(false)

  const blockAt = (place: TextPlace) => blocks.rows.find((b) => b.section === place.section && b.key === place.key)
  const freePlaces = page.places.filter((p) => !blockAt(p))
  const [chosenPlace, setChosenPlace] = useState('')
  const orphans = blocks.rows.filter((b) => !hasPlace(page.places, b))

  const choosePage = async (next: string) => {
    if (next === pageKey || !(await mayLeave())) return
    editor.close()
    setChosenPlace('')
    setPageKey(next)
  }
  const edit = async (block: ContentBlockRow) => {
    if (await mayLeave()) editor.open(block, false)
  }
  const create = async (place: TextPlace | undefined) => {
    if (!place || !(await mayLeave())) return
    setBusy(true)
    const block = await blocks.create(place)
    setBusy(false)
    setChosenPlace('')
    if (block) editor.open(block, false)
  }
  const remove = async (block: ContentBlockRow, question: string) => {
    if (!(await confirmDelete(question))) return
    await guardedDelete((openedAt) => blocks.remove(block, openedAt), block.updated_at, 'este bloque')
    await blocks.reload()
  }
  const backToList = () => {
    editor.close()
    void blocks.reload()
  }
  const form = (block: ContentBlockRow, original?: string) => (
    <BlockForm
      draft={editor.draft!}
      original={original}
      onChange={editor.patch}
      onSave={blocks.save}
      onClose={backToList}
      onShowTheirs={backToList}
      key={block.id}
    />
  )

  return (
    <section aria-labelledby="content-title">
      <TabHeader
        title="Bloques de Contenido"
        titleId="content-title"
        description="Textos de las páginas del sitio que puedes sustituir. Al borrar un bloque vuelve el texto original."
      >
        <div className="grid gap-1.5 sm:w-72">
          <Label htmlFor={selectId}>Página</Label>
          <Select value={pageKey} onValueChange={(v) => void choosePage(v)}>
            <SelectTrigger id={selectId}>
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {contentPages.map((p) => (
                <SelectItem key={p.key} value={p.key}>
                  {p.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </TabHeader>

      {canEdit && (
        <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:p-5">
          <div className="grid min-w-0 flex-1 gap-1.5">
            <Label htmlFor={placeSelectId}>Texto que quieres sustituir</Label>
            <select
              id={placeSelectId}
              value={chosenPlace}
              onChange={(e) => setChosenPlace(e.target.value)}
              disabled={freePlaces.length === 0}
              className="h-10 w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm disabled:opacity-60"
            >
              <option value="">{freePlaces.length ? 'Elige un texto de la página…' : 'Todos los textos de esta página ya tienen bloque'}</option>
              {freePlaces.map((p) => (
                <option key={p.key} value={p.key}>{`${p.label} · ${p.section}`}</option>
              ))}
            </select>
          </div>
          <Button onClick={() => void create(freePlaces.find((p) => p.key === chosenPlace))} disabled={busy || !chosenPlace}>
            <Plus aria-hidden="true" /> Crear nuevo bloque
          </Button>
        </Card>
      )}

      {blocks.loading ? (
        <p role="status" className="text-slate-700">
          Cargando...
        </p>
      ) : (
        <>
          <h3 className="mb-3 text-base font-semibold text-slate-900">Textos editables de {page.path}</h3>
          <ul className="grid gap-3" aria-label="Textos editables">
            {page.places.map((place) => {
              const block = blockAt(place)
              return (
                <li key={place.key}>
                  {block && editor.draft?.id === block.id ? (
                    form(block, place.text)
                  ) : (
                    <PlaceCard
                      place={place}
                      block={block}
                      canEdit={canEdit}
                      busy={busy}
                      onEdit={() => block && void edit(block)}
                      onReplace={() => void create(place)}
                      onRestore={() => block && void remove(block, '¿Volver al texto original de la página?')}
                    />
                  )}
                </li>
              )
            })}
          </ul>
          {orphans.length > 0 && (
            <>
              <h3 className="mb-3 mt-8 text-base font-semibold text-slate-900">Bloques sin lugar en la página</h3>
              <ul className="grid gap-3" aria-label="Bloques de contenido sin lugar">
                {orphans.map((block) => (
                  <li key={block.id}>
                    {editor.draft?.id === block.id ? (
                      form(block)
                    ) : (
                      <RecordCard
                        title={block.title || block.key}
                        onEdit={() => void edit(block)}
                        onDelete={() => void remove(block, '¿Eliminar este bloque? No se muestra en ninguna página.')}
                      >
                        <span className="w-fit rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                          No se muestra en la página
                        </span>
                        <span className="font-mono text-xs">
                          Sección {block.section} · clave {block.key}
                        </span>
                        <span className="line-clamp-2 text-slate-700">{block.content}</span>
                      </RecordCard>
                    )}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  )
}

function PlaceCard({
  place,
  block,
  canEdit,
  busy,
  onEdit,
  onReplace,
  onRestore,
}: {
  place: TextPlace
  block: ContentBlockRow | undefined
  canEdit: boolean
  busy: boolean
  onEdit: () => void
  onReplace: () => void
  onRestore: () => void
}) {
  const name = `${place.label} (${place.section})`
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <h4 className="font-semibold text-slate-900">
          {place.label}{' '}
          <span className="font-mono text-xs font-normal text-slate-600">
            {place.section} · {place.key}
          </span>
        </h4>
        <div className="mt-2 grid gap-1.5 text-sm">
          {block ? (
            <>
              <span className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">Sustituido por un bloque</span>
              <p className="text-slate-900">{block.content}</p>
              <p className="text-slate-600">
                <span className="font-medium">Texto del archivo:</span>{' '}
                <span className="line-through decoration-slate-400">{place.text || '(vacío)'}</span>
              </p>
            </>
          ) : (
            <>
              <span className="w-fit rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Texto del archivo</span>
              <p className="text-slate-700">{place.text || <em>Sin texto en el archivo: un bloque lo añadiría.</em>}</p>
            </>
          )}
        </div>
      </div>
      {canEdit && (
        <div className="flex shrink-0 gap-2">
          {block ? (
            <>
              <Button variant="outline" size="sm" className="text-slate-700" onClick={onEdit} aria-label={`Editar «${name}»`}>
                Editar
              </Button>
              <Button variant="outline" size="sm" className="text-slate-700" onClick={onRestore} aria-label={`Restaurar el original de «${name}»`}>
                <RotateCcw aria-hidden="true" /> Restaurar original
              </Button>
            </>
          ) : (
            <Button variant="outline" size="sm" className="text-slate-700" disabled={busy} onClick={onReplace} aria-label={`Sustituir «${name}»`}>
              Sustituir
            </Button>
          )}
        </div>
      )}
    </Card>
  )
}
