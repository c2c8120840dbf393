import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { buildNav, menuRowSchema, type MenuRow } from '../../src/siteContent/menu'
import { menuSeedSql } from '../../src/siteContent/menuSeed'
import { defaultNav, navigation } from '../../src/siteContent/registry.server'

const row = (id: string, label: string, path: string, order_num: number, parent_id: string | null = null): MenuRow => ({
  id,
  label,
  path,
  order_num,
  parent_id,
})
const anchor = '/#servicios'

describe('header navigation from menu_items', () => {
  it('shows top-level items by order_num, each with its label and path', () => {
    const nav = buildNav([row('c', 'Contacto', '/#contacto', 9), row('a', 'Inicio', '/', 0), row('b', 'Blog', '/blog', 3)], anchor)
    expect(nav.map((i) => [i.label, i.href])).toEqual([
      ['Inicio', '/'],
      ['Blog', '/blog'],
      ['Contacto', '/#contacto'],
    ])
  })

  it('opens the mega menu from the item whose path is the services anchor, written either way', () => {
    expect(buildNav([row('s', 'Soluciones', '/#servicios', 0)], anchor)[0]!.hasMegaMenu).toBe(true)
    expect(buildNav([row('s', 'Servicios', '#servicios', 0)], anchor)[0]).toMatchObject({ hasMegaMenu: true, href: '/#servicios', children: [] })
    expect(buildNav([row('s', 'Shopify', '/shopify', 0)], anchor)[0]!.hasMegaMenu).toBe(false)
  })

  it('gives an item with children a dropdown: its own link first, then the children in order', () => {
    const nav = buildNav(
      [
        row('e', 'Empresa', '/sobre-nosotros', 1),
        row('k', 'Kit Digital', '/kit-digital', 2, 'e'),
        row('t', 'Equipo', '/#equipo', 1, 'e'),
        row('i', 'Inicio', '/', 0),
      ],
      anchor,
    )
    expect(nav.map((i) => i.label)).toEqual(['Inicio', 'Empresa'])
    expect(nav[1]!.children).toEqual([
      { label: 'Empresa', href: '/sobre-nosotros' },
      { label: 'Equipo', href: '/#equipo' },
      { label: 'Kit Digital', href: '/kit-digital' },
    ])
    const withOwn = buildNav([row('e', 'Empresa', '/sobre-nosotros', 0), row('s', 'Sobre nosotros', '/sobre-nosotros', 0, 'e')], anchor)
    expect(withOwn[0]!.children).toEqual([{ label: 'Sobre nosotros', href: '/sobre-nosotros' }])
  })

  it('refuses rows the site must not print', () => {
    expect(menuRowSchema.safeParse(row('x', 'Malo', 'javascript:alert(1)', 0)).success).toBe(false)
    expect(menuRowSchema.safeParse(row('x', '  ', '/', 0)).success).toBe(false)
    expect(menuRowSchema.safeParse(row('x', 'Bien', '/blog', 0)).success).toBe(true)
  })

  it("has a default menu (the seed's) with Blog and the services mega menu, never empty", () => {
    expect(defaultNav.map((i) => i.label)).toEqual(['Inicio', 'Soluciones', 'Casos de éxito', 'Proceso', 'Blog', 'Contacto'])
    expect(defaultNav.filter((i) => i.hasMegaMenu).map((i) => i.label)).toEqual(['Soluciones'])
  })

  it('seeds exactly the default menu of content/navigation.yaml (else run npm run seed:menu)', () => {
    const seed = readFileSync(new URL('../../supabase/seed.sql', import.meta.url), 'utf8')
    expect(seed).toContain(menuSeedSql(navigation.menu))
  })
})
