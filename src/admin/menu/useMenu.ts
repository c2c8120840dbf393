import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export interface MenuItemRow {
  /** Generated in the browser for new items (./newId.ts). */
  id: string
  label: string
  path: string
  order_num: number
  parent_id: string | null
}

/** menu_items, in menu order, with failure toasts. */
export function useMenu() {
  const { supabase } = useAdmin()
  const list = useRows<MenuItemRow>('menu', (sb) => sb.from('menu_items').select('*').order('order_num', { ascending: true }), {
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
