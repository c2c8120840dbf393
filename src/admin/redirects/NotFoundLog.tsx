import { CornerDownRight, X } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { formatDateTime } from '../../lib/dates'
import { useAdmin } from '../context'
import { RecordList } from '../shared/RecordList'
import type { useNotFoundLog, NotFoundRow } from './useNotFoundLog'

interface NotFoundLogProps {
  log: ReturnType<typeof useNotFoundLog>
  onCreateRedirect: (path: string) => void
}

/** The 404 log's rows: path, visits, last time; «Crear redirección» and «Descartar» for staff. */
export function NotFoundLog({ log, onCreateRedirect }: NotFoundLogProps) {
  const { canEdit } = useAdmin()
  const dismiss = async (row: NotFoundRow) => {
    if (await log.dismiss(row.path)) await log.reload()
  }
  return (
    <RecordList
      rows={log.rows}
      loading={log.loading}
      loadingLabel="Cargando rutas no encontradas..."
      label="Rutas no encontradas"
      getKey={(r) => r.path}
      emptyTitle="Ninguna ruta no encontrada"
      emptyDescription="Cuando alguien pida una dirección que no existe, aparecerá aquí."
    >
      {(row) => (
        <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <h4 className="break-all font-mono text-sm font-semibold text-slate-900">{row.path}</h4>
            <p className="mt-1 text-sm text-slate-600">
              {row.hits === 1 ? '1 visita' : `${row.hits.toLocaleString('es-ES')} visitas`} · última: {formatDateTime(row.last_seen_at)}
            </p>
          </div>
          {canEdit && (
            <div className="flex shrink-0 flex-wrap gap-2">
              <Button size="sm" onClick={() => onCreateRedirect(row.path)} aria-label={`Crear redirección desde ${row.path}`}>
                <CornerDownRight aria-hidden="true" /> Crear redirección
              </Button>
              <Button variant="outline" size="sm" className="text-slate-700" onClick={() => void dismiss(row)} aria-label={`Descartar ${row.path}`}>
                <X aria-hidden="true" /> Descartar
              </Button>
            </div>
          )}
        </Card>
      )}
    </RecordList>
  )
}
