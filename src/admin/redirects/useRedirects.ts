import type { Tables } from '../../lib/database.types'
import { useAdmin } from '../context'
import { deleteIfUnchanged, updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export type RedirectStatus = 301 | 302 | 410
export type RedirectRow = Pick<Tables<'redirects'>, 'source' | 'target' | 'automatic'> & {
  /** null for a redirect not saved yet. */
  id: number | null
  status: RedirectStatus
  /** The version opened; null for a redirect not saved yet. */
  updated_at: string | null
}

/**
 * public.redirects, newest first. The database checks every rule (a site path, no loop, not a route of the
 * site) and collapses chains (docs/decisions/0068-redirects-in-the-database.md); its Spanish reason is the toast.
 */
export function useRedirects() {
  const { supabase } = useAdmin()
  const list = useRows(
    'redirects',
    async (sb) => {
      const result = await sb.from('redirects').select('id,source,target,status,automatic,updated_at').order('created_at', { ascending: false })
      return { ...result, data: result.data?.map((r) => ({ ...r, status: r.status as RedirectStatus })) ?? null }
    },
    { title: 'Error al cargar las redirecciones' },
  )
  const saved = { success: { title: 'Redirección guardada' }, errorTitle: 'Error al guardar', subject: 'una redirección' }

  const save = async (row: RedirectRow): Promise<GuardedOutcome> => {
    const fields = { source: row.source, target: row.status === 410 ? null : row.target, status: row.status }
    if (row.id !== null && row.updated_at) return updateIfUnchanged(supabase, 'redirects', { id: row.id }, row.updated_at, fields, saved)
    return { ok: await mutate(supabase.from('redirects').insert(fields), saved), updatedAt: null }
  }

  const remove = (id: number, openedAt: string | null) =>
    deleteIfUnchanged(supabase, 'redirects', { id }, openedAt, { success: { title: 'Redirección eliminada' }, errorTitle: 'Error al eliminar' })

  return { ...list, save, remove }
}
