import type { Tables } from '../../lib/database.types'
import { useAdmin } from '../context'
import { deleteIfUnchanged, updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

/** The columns staff edit; a new item's id is generated in the browser (./newId.ts). */
export type MenuItemRow = Pick<Tables<'menu_items'>, 'id' | 'label' | 'path' | 'order_num' | 'parent_id'> & {
  /** The version opened; null for an item not saved yet. */
  updated_at: string | null
}

/** menu_items, in menu order, with failure toasts. */
export function useMenu() {
  const { supabase } = useAdmin()
  const list = useRows(
    'menu',
    (sb) => sb.from('menu_items').select('id,label,path,order_num,parent_id,updated_at').order('order_num', { ascending: true }),
    {
      title: 'Error al cargar el menú',
    },
  )

  const saved = { success: { title: 'Guardado exitosamente' }, errorTitle: 'Error al guardar', subject: 'un elemento' }

  /** A new item (no version yet), or the version opened if nobody saved it since (else the conflict). */
  const save = async (item: MenuItemRow): Promise<GuardedOutcome> => {
    const fields = { label: item.label, path: item.path, order_num: item.order_num, parent_id: item.parent_id }
    if (item.updated_at) return updateIfUnchanged(supabase, 'menu_items', { id: item.id }, item.updated_at, fields, saved)
    return { ok: await mutate(supabase.from('menu_items').insert({ id: item.id, ...fields }), saved), updatedAt: null }
  }

  const remove = (id: string, openedAt: string | null) =>
    deleteIfUnchanged(supabase, 'menu_items', { id }, openedAt, { success: { title: 'Eliminado exitosamente' }, errorTitle: 'Error al eliminar' })

  return { ...list, save, remove }
}
