import type { Tables, TablesInsert } from '../../lib/database.types'
import { useAdmin } from '../context'
import { deleteIfUnchanged, updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export type PageRow = Tables<'pages'>

export type PageInput = Pick<TablesInsert<'pages'>, 'title' | 'slug' | 'content' | 'published' | 'published_at'>

/** The pages table with failure toasts. */
export function usePages() {
  const { supabase } = useAdmin()
  const list = useRows('pages', (sb) => sb.from('pages').select('*').order('created_at', { ascending: false }), {
    title: 'Error al cargar páginas',
  })

  const saved = {
    success: { title: 'Página guardada', description: 'Los cambios se han guardado correctamente' },
    errorTitle: 'Error al guardar',
    subject: 'una página',
  }

  /** A new page, or an existing one if nobody saved it since `openedAt` (else the conflict). */
  const save = async (input: PageInput, id: string | undefined, openedAt: string | null): Promise<GuardedOutcome> =>
    id
      ? updateIfUnchanged(supabase, 'pages', { id }, openedAt, input, saved)
      : { ok: await mutate(supabase.from('pages').insert(input), saved), updatedAt: null }

  /** The page as saved now, or null when it is gone. */
  const load = async (id: string) => (await supabase.from('pages').select('*').eq('id', id).maybeSingle<PageRow>()).data

  const remove = (id: string, openedAt: string | null) =>
    deleteIfUnchanged(supabase, 'pages', { id }, openedAt, { success: { title: 'Página eliminada' }, errorTitle: 'Error al eliminar' })

  return { ...list, save, load, remove }
}
