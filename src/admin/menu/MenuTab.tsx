import { HistoryButton } from '../history/HistoryDialog'
import { useConfirmDelete } from '../shared/confirm'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { TabHeader } from '../shared/TabHeader'
import { useEditor } from '../shared/useEditor'
import { useGuardedDelete } from '../shared/useGuardedDelete'
import { MenuForm, type MenuDraft } from './MenuForm'
import { useMenu, type MenuItemRow } from './useMenu'
import { newId } from './newId'

const draftOf = ({ order_num, ...item }: MenuItemRow): MenuDraft => ({ ...item, order: String(order_num) })

/** The Menú tab: navigation items in order. */
export function MenuTab() {
  const menu = useMenu()
  const editor = useEditor<MenuDraft>()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()
  const labelOf = (id: string | null) => menu.rows.find((item) => item.id === id)?.label

  // A new item's defaults: "Nuevo Elemento", "/nueva-pagina", placed after the current items, top level.
  const create = () =>
    editor.open(
      draftOf({ id: newId(), label: 'Nuevo Elemento', path: '/nueva-pagina', order_num: menu.rows.length, parent_id: null, updated_at: null }),
      true,
    )

  const remove = async (item: MenuItemRow) => {
    if (await confirmDelete('¿Estás seguro de eliminar este elemento del menú?')) {
      await guardedDelete((openedAt) => menu.remove(item.id, openedAt), item.updated_at, 'este elemento del menú')
      await menu.reload()
    }
  }

  const backToList = () => {
    editor.close()
    void menu.reload()
  }

  const draft = editor.draft
  if (draft) {
    // One level of children: an item that has some stays a top-level one.
    const hasChildren = menu.rows.some((i) => i.parent_id === draft.id)
    return (
      <MenuForm
        draft={draft}
        isNew={editor.isNew}
        onChange={editor.patch}
        onSave={menu.save}
        parents={hasChildren ? [] : menu.rows.filter((i) => i.parent_id === null && i.id !== draft.id)}
        onClose={backToList}
        onShowTheirs={backToList}
      />
    )
  }

  return (
    <section aria-labelledby="menu-title">
      <TabHeader title="Menú de navegación" titleId="menu-title" createLabel="Nuevo Elemento" onCreate={create} />
      <RecordList
        rows={menu.rows}
        loading={menu.loading}
        loadingLabel="Cargando menú..."
        label="Elementos del menú"
        getKey={(i) => i.id}
        emptyTitle="El menú está vacío"
        emptyDescription="Añade el primer enlace con «Nuevo Elemento»."
      >
        {(item) => (
          <RecordCard
            title={item.label}
            links={
              <HistoryButton table="menu_items" id={item.id} title={item.label} subject="entrada del menú" onRestored={() => void menu.reload()} />
            }
            onEdit={() => editor.open(draftOf(item), false)}
            onDelete={() => void remove(item)}
          >
            <span className="font-mono text-xs text-slate-600">{item.path}</span>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <span>Orden: {item.order_num}</span>
              {item.parent_id && labelOf(item.parent_id) && <span>Dentro de: {labelOf(item.parent_id)}</span>}
            </span>
          </RecordCard>
        )}
      </RecordList>
    </section>
  )
}
