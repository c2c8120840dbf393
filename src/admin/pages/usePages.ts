import type { Tables, TablesInsert } from '../../lib/database.types'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export type PageRow = Tables<'pages'>

export type PageInput = Pick<TablesInsert<'pages'>, 'title' | 'slug' | 'content' | 'published'>

/** The pages table with failure toasts. */
export function usePages() {
  const { supabase } = useAdmin()
  const list = useRows('pages', (sb) => sb.from('pages').select('*').order('created_at', { ascending: false }), {
    title: 'Error al cargar páginas',
  })

  const save = (input: PageInput, id: string | undefined) =>
    mutate(id ? supabase.from('pages').update(input).eq('id', id) : supabase.from('pages').insert(input), {
      success: { title: 'Página guardada', description: 'Los cambios se han guardado correctamente' },
      errorTitle: 'Error al guardar',
      subject: 'una página',
    })

  const remove = (id: string) =>
    mutate(supabase.from('pages').delete().eq('id', id), { success: { title: 'Página eliminada' }, errorTitle: 'Error al eliminar' })

  return { ...list, save, remove }
}
