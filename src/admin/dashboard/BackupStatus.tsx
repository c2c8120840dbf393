import { DatabaseBackup, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import type { Tables } from '../../lib/database.types'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { useIsAdmin } from '../staff'

type Run = Pick<Tables<'backup_runs'>, 'finished_at' | 'ok' | 'size_bytes' | 'error' | 'interval_ms'>

const when = new Intl.DateTimeFormat('es-ES', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/Madrid' })
const megabytes = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1 })
const hours = (ms: number) => Math.round(ms / 3_600_000)
/**
 * The admin talks to a hosted Supabase project (VITE_SUPABASE_URL at build, src/lib/supabase.ts): its data are
 * the project's, backed up by it (docs/deploy.md, «When one machine is not enough»), and its backup_runs stays
 * empty, so the card says whose job backups are instead of warning that none was ever made.
 */
const hostedProject = Boolean(import.meta.env.VITE_SUPABASE_URL)

/**
 * The data folder's backups, for admins (public.backup_runs is theirs alone, decision 0097): when the last
 * one was made and how large it is, and a warning when it is older than twice the interval or the last run
 * (or its off-site copy) failed. Nothing for anyone else.
 */
export function BackupStatus() {
  const { supabase, user } = useAdmin()
  const isAdmin = useIsAdmin(supabase, user.id)
  const [runs, setRuns] = useState<{ last: Run | null; lastOk: Run | null } | string | null>(null)

  useEffect(() => {
    if (!isAdmin || hostedProject) return
    let active = true
    const columns = 'finished_at, ok, size_bytes, error, interval_ms'
    void Promise.all([
      supabase.from('backup_runs').select(columns).order('id', { ascending: false }).limit(1).maybeSingle(),
      supabase.from('backup_runs').select(columns).eq('ok', true).order('id', { ascending: false }).limit(1).maybeSingle(),
    ]).then(([last, lastOk]) => {
      if (!active) return
      const failed = last.error ?? lastOk.error
      setRuns(failed ? describeError(failed) : { last: last.data, lastOk: lastOk.data })
    })
    return () => {
      active = false
    }
  }, [supabase, isAdmin])

  if (!isAdmin) return null
  const warnings: string[] = []
  if (typeof runs === 'string') warnings.push(`No se pudo leer el estado de las copias: ${runs}`)
  else if (runs) {
    const { last, lastOk } = runs
    if (!lastOk) warnings.push('Todavía no se ha hecho ninguna copia de seguridad.')
    if (last && !last.ok) warnings.push(`La última copia falló: ${last.error ?? 'sin detalle'}`)
    else if (last?.error) warnings.push(`La copia se hizo, pero la copia externa falló: ${last.error}`)
    const interval = Number(last?.interval_ms ?? 0)
    if (lastOk && interval > 0 && Date.now() - Date.parse(lastOk.finished_at) > 2 * interval)
      warnings.push(`La última copia tiene más de ${Math.max(1, hours(2 * interval))} h: las copias programadas no se están haciendo.`)
  }

  return (
    <Card aria-busy={!hostedProject && runs === null}>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <DatabaseBackup className="size-5 text-brand-600" aria-hidden="true" /> Copias de seguridad
        </CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        {hostedProject ? (
          <p data-testid="backup-hosted">
            Los datos están en el proyecto de Supabase alojado: sus copias de seguridad las hace Supabase (consúltalas en el panel del proyecto,
            «Database» → «Backups»).
          </p>
        ) : runs === null ? (
          <p>Cargando...</p>
        ) : (
          typeof runs !== 'string' &&
          runs.lastOk && (
            <p data-testid="backup-last">
              Última copia: <strong>{when.format(new Date(runs.lastOk.finished_at))}</strong>,{' '}
              {megabytes.format(Number(runs.lastOk.size_bytes ?? 0) / 1_000_000)} MB.
              {Number(runs.last?.interval_ms ?? 0) === 0 && ' Las copias programadas están desactivadas.'}
            </p>
          )
        )}
        {warnings.map((warning) => (
          <p key={warning} role="alert" className="flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-900">
            <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
            {warning}
          </p>
        ))}
      </CardContent>
    </Card>
  )
}
