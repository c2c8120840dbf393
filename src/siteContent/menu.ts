/**
 * The header's main navigation, from `menu_items` rows (docs/decisions/0043-header-menu-from-menu-items.md).
 * Top-level items in `order_num` order; an item's children (one level) become its dropdown; the item whose
 * path is the services anchor opens the mega menu of service pages instead. The default menu, used when
 * the table is empty, is `menu` in content/navigation.yaml, the same list the seed inserts (generated
 * from it by `npm run seed:menu`). Pure: the CMS loader and the tests call it.
 */
import { z } from 'zod'
import type { Tables } from '../lib/database.types'
import { isSiteOrWebLink } from './links'

export const menuRowSchema = z.object({
  id: z.string().min(1),
  label: z.string().trim().min(1, 'etiqueta vacía'),
  path: z.string().trim().refine(isSiteOrWebLink, 'ruta que no es del sitio, ancla ni http(s)'),
  order_num: z.number().int(),
  parent_id: z.string().nullable(),
}) satisfies z.ZodType<Pick<Tables<'menu_items'>, 'id' | 'label' | 'path' | 'order_num' | 'parent_id'>>
export type MenuRow = z.infer<typeof menuRowSchema>

export interface NavChild {
  label: string
  href: string
}
export interface NavItem extends NavChild {
  /** Opens the mega menu built from the service pages. */
  hasMegaMenu: boolean
  /** A dropdown (desktop) or accordion (mobile) of links; empty for a plain link. */
  children: NavChild[]
}

/** One entry of the default menu in content/navigation.yaml. */
export interface DefaultMenuEntry {
  label: string
  path: string
  children?: { label: string; path: string }[]
}

/** "#x" and "/#x" are the same section of the home page in the header, which every page shares. */
const sameTarget = (a: string, b: string) => a.replace(/^\/#/, '#') === b.replace(/^\/#/, '#')
/** An anchor in the header always points at the home page's section: the header is the same on every page. */
const headerHref = (path: string) => (path.startsWith('#') ? `/${path}` : path)

const byOrder = (a: MenuRow, b: MenuRow) => a.order_num - b.order_num || a.label.localeCompare(b.label, 'es')

export function buildNav(rows: readonly MenuRow[], megaMenuAnchor: string): NavItem[] {
  const top = rows.filter((r) => r.parent_id === null || !rows.some((p) => p.id === r.parent_id)).sort(byOrder)
  return top.map((item) => {
    const children = rows
      .filter((r) => r.parent_id === item.id)
      .sort(byOrder)
      .map((c) => ({ label: c.label, href: headerHref(c.path) }))
    const hasMegaMenu = sameTarget(item.path, megaMenuAnchor)
    // A dropdown's trigger is a button, so the parent's own link is offered first unless a child already has it.
    const own = { label: item.label, href: headerHref(item.path) }
    return {
      ...own,
      hasMegaMenu,
      children: hasMegaMenu || children.length === 0 ? [] : [...(children.some((c) => c.href === own.href) ? [] : [own]), ...children],
    }
  })
}

/** The default menu as the rows the seed inserts: ids are made by the seed (see npm run seed:menu). */
export function defaultMenuRows(entries: readonly DefaultMenuEntry[]): MenuRow[] {
  return entries.flatMap((e, i) => {
    const id = `default-${i}`
    return [
      { id, label: e.label, path: e.path, order_num: i, parent_id: null },
      ...(e.children ?? []).map((c, j) => ({ id: `${id}-${j}`, label: c.label, path: c.path, order_num: j, parent_id: id })),
    ]
  })
}
