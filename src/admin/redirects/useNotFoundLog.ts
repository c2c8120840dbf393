import type { Tables } from '../../lib/database.types'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export type NotFoundRow = Tables<'not_found_paths'>

/** How many of the log's paths the tab shows: the most asked. */
export const NOT_FOUND_SHOWN = 50

/** The 404 log (public.not_found_paths, written by the site server in batches), the most asked first. */
export function useNotFoundLog() {
  const { supabase } = useAdmin()
  const list = useRows(
    'not-found',
    (sb) =>
      sb
        .from('not_found_paths')
        .select('path,hits,last_seen_at')
        .order('hits', { ascending: false })
        .order('last_seen_at', { ascending: false })
        .limit(NOT_FOUND_SHOWN),
    { title: 'Error al cargar las rutas no encontradas' },
  )

  const dismiss = (path: string) =>
    mutate(supabase.from('not_found_paths').delete().eq('path', path), { success: { title: 'Ruta descartada' }, errorTitle: 'Error al descartar' })

  return { ...list, dismiss }
}
