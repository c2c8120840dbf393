import { useCallback, useEffect, useState } from 'react'
import { toast, type ToastInput } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { conflictMessage, updateIfUnchanged } from '../shared/conflicts'
import { restoreFields, type HistoryTable, type RevisionRow } from './revisions'

type Row = Record<string, unknown> & { updated_at: string }

/** A record's revisions, newest first, and the record as saved now; `restore` writes a revision back. */
export function useHistory(table: HistoryTable, id: string | number, subject: string) {
  const { supabase } = useAdmin()
  const [revisions, setRevisions] = useState<RevisionRow[]>([])
  const [current, setCurrent] = useState<Row | null>(null)
  const [loading, setLoading] = useState(true)
  /** How the last restore went, said inside the dialog: the modal dialog hides the page's toasts. */
  const [notice, setNotice] = useState<ToastInput | null>(null)

  const load = useCallback(async () => {
    setLoading(true)
    const [history, record] = await Promise.all([
      supabase.from('content_revisions').select('*').eq('table_name', table).eq('record_id', String(id)).order('id', { ascending: false }).limit(50),
      supabase.from(table).select('*').eq('id', id).maybeSingle(),
    ])
    const error = history.error ?? record.error
    if (error) toast({ title: 'Error al cargar el historial', description: describeError(error), variant: 'destructive' })
    setRevisions(history.data ?? [])
    setCurrent(record.data ?? null)
    setLoading(false)
  }, [supabase, table, id])

  useEffect(() => {
    void load()
  }, [load])

  /**
   * Restoring is a save like any other: conditional on the version shown, and itself a new revision.
   * `onWritten` runs as soon as the write is in, before the dialog says so and before it reads its list
   * again: whoever shows the record (a tab's list, a form) must read it again even if the dialog is closed
   * the moment it says «Versión restaurada».
   */
  const restore = async (revision: RevisionRow, onWritten: () => void): Promise<boolean> => {
    if (!current) return false
    setNotice(null)
    let said: ToastInput | null = null
    const result = await updateIfUnchanged(
      supabase,
      table,
      { id },
      current.updated_at,
      restoreFields(table, revision.record as Record<string, unknown>),
      {
        success: { title: 'Versión restaurada', description: 'La versión actual es ahora la restaurada; la anterior sigue en el historial.' },
        errorTitle: 'No se pudo restaurar',
        subject: `otra ${subject}`,
        notify: (message) => (said = message),
      },
    )
    if (result.ok) onWritten()
    if (!result.ok && result.conflict)
      said = { title: 'No se pudo restaurar', description: conflictMessage(result.conflict, `esta ${subject}`), variant: 'destructive' }
    setNotice(said)
    await load()
    return result.ok
  }

  return { revisions, current, loading, restore, notice, clearNotice: () => setNotice(null) }
}
