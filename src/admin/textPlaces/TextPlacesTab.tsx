import { Plus, RotateCcw } from 'lucide-react'
import { useId, useState } from 'react'
import { useData } from 'vike-react/useData'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { NativeSelect } from '../../components/ui/nativeSelect'
import type { PlaceRef } from '../../siteContent/placeMarks'
import { hasPlace, type TextPlace } from '../../siteContent/places'
import { useAdmin } from '../context'
import { useConfirmDelete } from '../shared/confirm'
import { HistoryButton } from '../history/HistoryDialog'
import { EditOnPageButton } from '../inPage/EditOnPageButton'
import { EditorWithPreview } from '../preview/EditorWithPreview'
import { LivePreview } from '../preview/LivePreview'
import { RecordCard } from '../shared/RecordCard'
import { SelectField } from '../shared/SelectField'
import { TabHeader } from '../shared/TabHeader'
import { useLeaveGuard } from '../shared/unsaved'
import { useGuardedDelete } from '../shared/useGuardedDelete'
import { useEditor } from '../shared/useEditor'
import { TextOverrideForm } from './TextOverrideForm'
import type { TextPlacePage } from './textPlacePages'
import { useTextOverrides, type TextOverrideRow } from './useTextOverrides'

/**
 * The Textos tab: for the chosen page, every text its content file lets staff replace, with
 * the file's text and the override that replaces it, if any; overrides that fit no place are flagged.
 */
export function TextPlacesTab() {
  const { textPlacePages } = useData<{ textPlacePages: TextPlacePage[] }>()
  const { canEdit } = useAdmin()
  const placeSelectId = useId()
  const [pageKey, setPageKey] = useState(textPlacePages[0]!.key)
  const page = textPlacePages.find((p) => p.key === pageKey)!
  const overrides = useTextOverrides(pageKey)
  const editor = useEditor<TextOverrideRow>()
  const mayLeave = useLeaveGuard()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()
  const [busy, setBusy] = useState(false)

  const overrideAt = (place: TextPlace) => overrides.rows.find((b) => b.section === place.section && b.key === place.key)
  // Offered once the page's replaced texts are read: before that every place would look free.
  const freePlaces = overrides.loading ? [] : page.places.filter((p) => !overrideAt(p))
  const [chosenPlace, setChosenPlace] = useState('')
  const orphans = overrides.rows.filter((b) => !hasPlace(page.places, b))

  const choosePage = async (next: string) => {
    if (next === pageKey || !(await mayLeave())) return
    editor.close()
    setChosenPlace('')
    setPageKey(next)
  }
  const edit = async (override: TextOverrideRow) => {
    if (await mayLeave()) editor.open(override, false)
  }
  const create = async (place: TextPlace | undefined) => {
    if (!place || !(await mayLeave())) return
    setBusy(true)
    const current = editor.begin()
    const override = await overrides.create(place)
    setBusy(false)
    setChosenPlace('')
    // Not over a form opened meanwhile: the new text is in the list.
    if (override && current()) editor.open(override, false)
  }
  const remove = async (override: TextOverrideRow, question: string) => {
    if (!(await confirmDelete(question))) return
    await guardedDelete((openedAt) => overrides.remove(override, openedAt), override.updated_at, 'este texto')
    await overrides.reload()
  }
  // The page as the site renders it with every replaced text, the one being edited as it is typed.
  const previewBlocks = overrides.rows.map((row) => (row.id === editor.draft?.id ? editor.draft : row))
  const preview = {
    kind: 'landing',
    path: page.path,
    blocks: previewBlocks.map(({ section, key, content }) => ({ section, key, content })),
  } as const
  const chosen = page.places.find((p) => p.key === chosenPlace)
  const selected = editor.draft ?? chosen
  // A click on a text in the preview: its replacement opens in the form, or the place is chosen to replace.
  const selectPlace = async ({ section, key }: PlaceRef) => {
    const place = page.places.find((p) => p.section === section && p.key === key)
    const override = place && overrideAt(place)
    if (override) return edit(override)
    if (!place || !(await mayLeave())) return
    editor.close()
    setChosenPlace(place.key)
    document.getElementById(placeSelectId)?.focus()
  }

  const backToList = () => {
    editor.close()
    void overrides.reload()
  }
  const form = (override: TextOverrideRow, original?: string) => (
    <TextOverrideForm
      draft={editor.draft!}
      original={original}
      onChange={editor.patch}
      onSave={overrides.save}
      onClose={backToList}
      onShowTheirs={backToList}
      key={override.id}
    />
  )

  return (
    <section aria-labelledby="texts-title">
      <TabHeader
        title="Textos editables"
        titleId="texts-title"
        description="Textos de las páginas del sitio que puedes sustituir. Al restaurar el original, la página vuelve a mostrar el texto de su archivo."
      >
        <SelectField
          label="Página"
          className="sm:w-72"
          value={pageKey}
          onChange={(v) => void choosePage(v)}
          options={textPlacePages.map((p) => ({ value: p.key, label: p.label }))}
        />
        <EditOnPageButton target={{ kind: 'landing', page }} name={page.label} publicPath={page.path} onLeft={() => void overrides.reload()} />
      </TabHeader>

      <EditorWithPreview preview={<LivePreview draft={preview} selected={selected} onSelectPlace={(place) => void selectPlace(place)} />}>
        {canEdit && (
          <Card className="mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end sm:p-5">
            <div className="grid min-w-0 flex-1 gap-1.5">
              <Label htmlFor={placeSelectId}>Texto que quieres sustituir</Label>
              <NativeSelect
                id={placeSelectId}
                value={chosenPlace}
                onChange={(e) => setChosenPlace(e.target.value)}
                disabled={freePlaces.length === 0}
                className="w-full min-w-0"
              >
                <option value="">
                  {freePlaces.length ? 'Elige un texto de la página…' : 'Todos los textos de esta página ya están sustituidos'}
                </option>
                {freePlaces.map((p) => (
                  <option key={p.key} value={p.key}>{`${p.label} · ${p.section}`}</option>
                ))}
              </NativeSelect>
            </div>
            <Button onClick={() => void create(freePlaces.find((p) => p.key === chosenPlace))} disabled={busy || !chosenPlace}>
              <Plus aria-hidden="true" /> Sustituir texto
            </Button>
          </Card>
        )}

        {overrides.loading ? (
          <p role="status" className="text-slate-700">
            Cargando...
          </p>
        ) : (
          <>
            <h3 className="mb-3 text-base font-semibold text-slate-900">Textos editables de {page.path}</h3>
            <ul className="grid gap-3" aria-label="Textos editables">
              {page.places.map((place) => {
                const override = overrideAt(place)
                return (
                  <li key={place.key}>
                    {override && editor.draft?.id === override.id ? (
                      form(override, place.text)
                    ) : (
                      <PlaceCard
                        place={place}
                        override={override}
                        canEdit={canEdit}
                        busy={busy}
                        onEdit={() => override && void edit(override)}
                        onReplace={() => void create(place)}
                        onRestore={() => override && void remove(override, '¿Volver al texto original de la página?')}
                        onHistoryRestored={() => void overrides.reload()}
                      />
                    )}
                  </li>
                )
              })}
            </ul>
            {orphans.length > 0 && (
              <>
                <h3 className="mb-3 mt-8 text-base font-semibold text-slate-900">Textos sin lugar en la página</h3>
                <ul className="grid gap-3" aria-label="Textos sin lugar en la página">
                  {orphans.map((override) => (
                    <li key={override.id}>
                      {editor.draft?.id === override.id ? (
                        form(override)
                      ) : (
                        <RecordCard
                          title={override.title || override.key}
                          links={
                            <OverrideHistory override={override} name={override.title || override.key} onRestored={() => void overrides.reload()} />
                          }
                          onEdit={() => void edit(override)}
                          onDelete={() => void remove(override, '¿Eliminar este texto? No se muestra en ninguna página.')}
                        >
                          <span className="w-fit rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                            No se muestra en la página
                          </span>
                          <span className="font-mono text-xs">
                            Sección {override.section} · clave {override.key}
                          </span>
                          <span className="line-clamp-2 text-slate-700">{override.content}</span>
                        </RecordCard>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </EditorWithPreview>
    </section>
  )
}

function PlaceCard({
  place,
  override,
  canEdit,
  busy,
  onEdit,
  onReplace,
  onRestore,
  onHistoryRestored,
}: {
  place: TextPlace
  override: TextOverrideRow | undefined
  canEdit: boolean
  busy: boolean
  onEdit: () => void
  onReplace: () => void
  onRestore: () => void
  onHistoryRestored: () => void
}) {
  const name = `${place.label} (${place.section})`
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between sm:p-5 xl:flex-col">
      <div className="min-w-0 flex-1">
        <h4 className="font-semibold text-slate-900">
          {place.label}{' '}
          <span className="font-mono text-xs font-normal text-slate-600">
            {place.section} · {place.key}
          </span>
        </h4>
        <div className="mt-2 grid gap-1.5 text-sm">
          {override ? (
            <>
              <span className="w-fit rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">Sustituido en el CMS</span>
              <p className="text-slate-900">{override.content}</p>
              <p className="text-slate-600">
                <span className="font-medium">Texto del archivo:</span>{' '}
                <span className="line-through decoration-slate-400">{place.text || '(vacío)'}</span>
              </p>
            </>
          ) : (
            <>
              <span className="w-fit rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Texto del archivo</span>
              <p className="text-slate-700">{place.text || <em>Sin texto en el archivo: al sustituirlo, lo añades.</em>}</p>
            </>
          )}
        </div>
      </div>
      {canEdit && (
        <div className="flex shrink-0 flex-wrap gap-2">
          {override ? (
            <>
              <Button variant="outline" size="sm" className="text-slate-700" onClick={onEdit} aria-label={`Editar «${name}»`}>
                Editar
              </Button>
              <OverrideHistory override={override} name={name} onRestored={onHistoryRestored} />
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

/** «Historial» of a text place's override: its revisions, compared and restorable like a post's. */
function OverrideHistory({ override, name, onRestored }: { override: TextOverrideRow; name: string; onRestored: () => void }) {
  return <HistoryButton table="content_blocks" id={override.id} title={name} subject="sustitución de texto" onRestored={onRestored} />
}
