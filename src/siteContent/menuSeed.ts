/**
 * The seed's menu_items, written from the default menu in content/navigation.yaml so the default
 * navigation is defined once (`npm run seed:menu` rewrites that part of supabase/seed.sql;
 * tests/unit/menu.test.ts fails while they differ). Ids are derived from each item's position, so the
 * seed stays the same from run to run.
 */
import { createHash } from 'node:crypto'
import { defaultMenuRows, type DefaultMenuEntry } from './menu'

export const menuSeedStart = '-- menu_items: generated from content/navigation.yaml by `npm run seed:menu`; do not edit by hand.'
export const menuSeedEnd = '-- end of menu_items'

const uuidOf = (name: string) => {
  const h = createHash('sha256').update(`menu-item:${name}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}
const quote = (s: string) => `'${s.replace(/'/g, "''")}'`

export function menuSeedSql(entries: readonly DefaultMenuEntry[]): string {
  const values = defaultMenuRows(entries).map(
    (r) => `  (${quote(uuidOf(r.id))}, ${quote(r.label)}, ${quote(r.path)}, ${r.order_num}, ${r.parent_id ? quote(uuidOf(r.parent_id)) : 'null'})`,
  )
  return [
    menuSeedStart,
    '-- Only into an empty table: a re-run never duplicates the menu nor undoes what staff changed.',
    'insert into public.menu_items (id, label, path, order_num, parent_id)',
    'select v.id::uuid, v.label, v.path, v.order_num, v.parent_id::uuid',
    'from (values',
    values.join(',\n'),
    ') as v (id, label, path, order_num, parent_id)',
    'where not exists (select 1 from public.menu_items);',
    menuSeedEnd,
  ].join('\n')
}

/** The seed with its menu part replaced. */
export function withMenuSeed(seed: string, entries: readonly DefaultMenuEntry[]): string {
  const start = seed.indexOf(menuSeedStart)
  const end = seed.indexOf(menuSeedEnd)
  if (start < 0 || end < start) throw new Error(`supabase/seed.sql: no encuentro la parte del menú («${menuSeedStart}»)`)
  return seed.slice(0, start) + menuSeedSql(entries) + seed.slice(end + menuSeedEnd.length)
}
