import { ArrowRight, RefreshCw } from 'lucide-react'
import { useData } from 'vike-react/useData'
import { Button } from '../../components/ui/button'
import { useConfirmDelete } from '../shared/confirm'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { TabHeader } from '../shared/TabHeader'
import { useEditor } from '../shared/useEditor'
import { useGuardedDelete } from '../shared/useGuardedDelete'
import { NotFoundLog } from './NotFoundLog'
import { RedirectForm } from './RedirectForm'
import { STATUS_LABELS } from './redirectStatus'
import { useNotFoundLog } from './useNotFoundLog'
import { useRedirects, type RedirectRow } from './useRedirects'

const newRedirect = (source = ''): RedirectRow => ({ id: null, source, target: '', status: 301, automatic: false, updated_at: null })

/**
 * The Redirecciones tab: the CMS's redirects (renames write theirs by themselves), the fixed ones of the
 * site's code (read-only), and the 404 log with «Crear redirección» beside each path.
 */
export function RedirectsTab() {
  const redirects = useRedirects()
  const notFound = useNotFoundLog()
  const { legacyRedirects } = useData<{ legacyRedirects: [string, string][] }>()
  const editor = useEditor<RedirectRow>()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()

  const remove = async (row: RedirectRow) => {
    if (row.id === null) return
    if (await confirmDelete(`¿Eliminar la redirección de ${row.source}? Esa dirección volverá a dar error 404.`)) {
      await guardedDelete((openedAt) => redirects.remove(row.id!, openedAt), row.updated_at, 'esta redirección')
      await redirects.reload()
    }
  }

  const backToList = () => {
    editor.close()
    void redirects.reload()
    void notFound.reload()
  }

  if (editor.draft) {
    return (
      <RedirectForm
        draft={editor.draft}
        isNew={editor.isNew}
        onChange={editor.patch}
        onSave={redirects.save}
        onClose={backToList}
        onShowTheirs={backToList}
      />
    )
  }

  return (
    <section aria-labelledby="redirects-title" className="grid gap-10">
      <div>
        <TabHeader
          title="Redirecciones"
          titleId="redirects-title"
          description="Llevan una dirección antigua a la nueva. Cambiar el slug de una entrada o página publicada crea la suya automáticamente."
          createLabel="Nueva redirección"
          onCreate={() => editor.open(newRedirect(), true)}
        />
        <RecordList
          rows={redirects.rows}
          loading={redirects.loading}
          loadingLabel="Cargando redirecciones..."
          label="Redirecciones"
          getKey={(r) => String(r.id)}
          emptyTitle="No hay redirecciones"
          emptyDescription="Aparecerán al cambiar el slug de una publicación, o añade una con «Nueva redirección»."
        >
          {(row) => (
            <RecordCard title={row.source} onEdit={() => editor.open(row, false)} onDelete={() => void remove(row)}>
              {row.target && (
                <span className="flex min-w-0 items-center gap-1.5 font-mono text-xs text-slate-700">
                  <ArrowRight className="size-3.5 shrink-0" aria-label="lleva a" />
                  <span className="break-all">{row.target}</span>
                </span>
              )}
              <span className="flex flex-wrap gap-x-4 gap-y-1">
                <span>{STATUS_LABELS[row.status]}</span>
                {row.automatic && <span>Creada al cambiar un slug</span>}
              </span>
            </RecordCard>
          )}
        </RecordList>
      </div>

      <section aria-labelledby="not-found-title">
        <div className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h3 id="not-found-title" className="text-lg font-bold text-slate-900">
              Rutas no encontradas (404)
            </h3>
            <p className="mt-1 text-sm text-slate-600">
              Direcciones del sitio que los visitantes pidieron y no existen, las más pedidas primero. No se guarda quién las pidió.
            </p>
          </div>
          <Button variant="outline" size="sm" className="self-start text-slate-700 sm:self-auto" onClick={() => void notFound.reload()}>
            <RefreshCw aria-hidden="true" /> Actualizar
          </Button>
        </div>
        <NotFoundLog log={notFound} onCreateRedirect={(path) => editor.open(newRedirect(path), true)} />
      </section>

      {legacyRedirects.length > 0 && (
        <section aria-labelledby="legacy-redirects-title">
          <h3 id="legacy-redirects-title" className="text-lg font-bold text-slate-900">
            Redirecciones fijas del sitio
          </h3>
          <p className="mt-1 mb-3 text-sm text-slate-600">Forman parte del código del sitio: se cambian con el equipo técnico.</p>
          <ul className="grid gap-2" aria-label="Redirecciones fijas del sitio">
            {legacyRedirects.map(([from, to]) => (
              <li
                key={from}
                className="flex flex-wrap items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-4 py-3 font-mono text-xs text-slate-700"
              >
                <span className="break-all">{from}</span>
                <ArrowRight className="size-3.5 shrink-0" aria-label="lleva a" />
                <span className="break-all">{to}</span>
                <span className="ml-auto font-sans text-slate-600">{STATUS_LABELS[301]}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  )
}
