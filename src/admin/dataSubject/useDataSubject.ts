import type { PostgrestError } from '@supabase/supabase-js'
import { useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { downloadText } from '../shared/download'
import { useRows } from '../shared/useRows'
import { countsLine, describeRefusal, exportFileName, exportJson, exportSummary, type HeldData, type RequestLogEntry } from './dataSubject'

const describe = (error: PostgrestError) => describeRefusal(error) ?? describeError(error)

/**
 * A person's data for the data-subject screen: the search (public.data_subject, staff), the export's two files
 * (the same call, logged), the erasure (public.erase_data_subject, admins; the database refuses anyone else)
 * and the log of requests. The roles are the database's to enforce; the screen only follows them.
 */
export function useDataSubject(brand: string) {
  const { supabase } = useAdmin()
  const [held, setHeld] = useState<HeldData | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  // The export handed out for this search: both files are one snapshot and one entry of the log.
  const [exported, setExported] = useState<HeldData | null>(null)
  // What the last erasure removed, said in the dialog rather than in a toast (toasts sit behind the modal, hidden
  // from screen readers, and over its search button).
  const [erased, setErased] = useState<string | null>(null)
  const log = useRows(
    'data_subject_requests',
    (sb) =>
      sb
        .from('data_subject_requests')
        .select('*')
        .order('created_at', { ascending: false })
        .limit(10)
        .overrideTypes<RequestLogEntry[], { merge: false }>(),
    { title: 'Error al cargar el registro de solicitudes' },
  )

  const run = async <T>(call: () => PromiseLike<{ data: T | null; error: PostgrestError | null }>, failure: string): Promise<T | null> => {
    setBusy(true)
    setError(null)
    try {
      const { data, error: refused } = await call()
      if (refused) {
        setError(describe(refused))
        toast({ title: failure, description: describe(refused), variant: 'destructive' })
        return null
      }
      return data
    } finally {
      setBusy(false)
    }
  }

  const search = async (address: string): Promise<void> => {
    setExported(null)
    setErased(null)
    const found = await run(() => supabase.rpc('data_subject', { address: address.trim() }), 'Error al buscar')
    setHeld(found as HeldData | null)
  }

  const download = async (kind: 'json' | 'txt'): Promise<void> => {
    if (!held) return
    let snapshot = exported
    if (!snapshot) {
      snapshot = (await run(() => supabase.rpc('data_subject', { address: held.address, log_export: true }), 'Error al exportar')) as HeldData | null
      if (!snapshot) return
      setExported(snapshot)
      void log.reload()
    }
    if (kind === 'json') downloadText(exportFileName(snapshot, 'json'), exportJson(snapshot), 'application/json;charset=utf-8')
    else downloadText(exportFileName(snapshot, 'txt'), exportSummary(snapshot, brand), 'text/plain;charset=utf-8')
  }

  /** Erases everything held about the address searched; true when done. */
  const erase = async (): Promise<boolean> => {
    if (!held) return false
    const counts = await run(() => supabase.rpc('erase_data_subject', { address: held.address }), 'Error al borrar')
    if (!counts) return false
    setErased(`Datos de ${held.address} borrados. Se ha borrado: ${countsLine(counts as Record<string, number>)}.`)
    setHeld(null)
    setExported(null)
    void log.reload()
    return true
  }

  const clear = () => {
    setHeld(null)
    setExported(null)
    setError(null)
    setErased(null)
  }

  return { held, busy, error, erased, search, download, erase, clear, log }
}
