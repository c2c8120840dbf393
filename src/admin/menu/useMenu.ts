import type { Tables } from '../../lib/database.types'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

/** The columns staff edit; a new item's id is generated in the browser (./newId.ts). */
export type MenuItemRow = Pick<Tables<'menu_items'>, 'id' | 'label' | 'path' | 'order_num' | 'parent_id'>

/** menu_items, in menu order, with failure toasts. */
export function useMenu() {
  const { supabase } = useAdmin()
  const list = useRows('menu', (sb) => sb.from('menu_items').select('id,label,path,order_num,parent_id').order('order_num', { ascending: true }), {
    title: 'Error al cargar el menú',
  })

  const save = (item: MenuItemRow) =>
    mutate(
      supabase.from('menu_items').upsert({ id: item.id, label: item.label, path: item.path, order_num: item.order_num, parent_id: item.parent_id }),
      {
        success: { title: 'Guardado exitosamente' },
        errorTitle: 'Error al guardar',
        subject: 'un elemento',
      },
    )

  const remove = (id: string) =>
    mutate(supabase.from('menu_items').delete().eq('id', id), { success: { title: 'Eliminado exitosamente' }, errorTitle: 'Error al eliminar' })

  return { ...list, save, remove }
}
