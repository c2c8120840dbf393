import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export interface PageRow {
  id: string
  title: string
  slug: string
  content: unknown
  published: boolean
  created_at: string
}

export type PageInput = Pick<PageRow, 'title' | 'slug' | 'content' | 'published'>

/** The pages table with failure toasts. */
export function usePages() {
  const { supabase } = useAdmin()
  const list = useRows<PageRow>('pages', (sb) => sb.from('pages').select('*').order('created_at', { ascending: false }), {
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
