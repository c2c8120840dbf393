/**
 * The route registry: every public route, derived from the files in content/. The router
 * (+onBeforePrerenderStart), the mega menu, the footer, the sitemap and the admin's SEO page list
 * all read it; there is no second, hand-kept list. Server-only: it compiles every MDX file eagerly.
 */
import type { ComponentType } from 'react'
import { parse as parseYaml } from 'yaml'
import type { z } from 'zod'
import {
  frontmatterSchema,
  navigationSchema,
  siteSchema,
  menuCategories,
  type Frontmatter,
  type Landing,
  type Legal,
  type MenuEntry,
  type Navigation,
  type Site,
} from './schema'
import siteYaml from '../../content/site.yaml?raw'
import navigationYaml from '../../content/navigation.yaml?raw'
import redirectMap from '../../content/redirects'
import { buildNav, defaultMenuRows, type NavItem } from './menu'

type MdxModule = { default: ComponentType<Record<string, unknown>>; frontmatter?: unknown }

/** Formats a zod failure as "file: field: reason" lines, so a marketer sees where to look. */
export function contentError(file: string, error: z.ZodError): Error {
  const lines = error.issues.map((i) => `  - ${i.path.join('.') || '(raíz)'}: ${i.message}`)
  return new Error(`Contenido no válido en ${file}:\n${lines.join('\n')}`)
}

export function parseContent<T>(schema: z.ZodType<T>, data: unknown, file: string): T {
  const result = schema.safeParse(data)
  if (!result.success) throw contentError(file, result.error)
  return result.data
}

/** "/content/services/shopify.mdx" -> "/shopify"; "/content/home.mdx" -> "/". */
export function pathOf(file: string): string {
  const name = file.replace(/^.*\//, '').replace(/\.mdx$/, '')
  return name === 'home' ? '/' : `/${name}`
}

interface EntryBase {
  path: string
  file: string
  Body: MdxModule['default']
}
export type LandingEntry = EntryBase & { kind: 'home' | 'service'; data: Landing }
export type LegalEntry = EntryBase & { kind: 'legal'; data: Legal }
export type Entry = LandingEntry | LegalEntry

export function buildEntries(modules: Record<string, MdxModule>): Entry[] {
  const entries = Object.entries(modules).map(([file, mod]): Entry => {
    const data: Frontmatter = parseContent(frontmatterSchema, mod.frontmatter, file)
    const base = { path: pathOf(file), file, Body: mod.default }
    return data.kind === 'legal' ? { ...base, kind: 'legal', data } : { ...base, kind: data.kind, data }
  })
  const seen = new Map<string, string>()
  for (const e of entries) {
    const other = seen.get(e.path)
    if (other) throw new Error(`Ruta duplicada ${e.path}: ${other} y ${e.file}`)
    seen.set(e.path, e.file)
  }
  const order = { home: 0, service: 1, legal: 2 } as const
  return entries.sort((a, b) => order[a.kind] - order[b.kind] || a.path.localeCompare(b.path))
}

const modules = import.meta.glob<MdxModule>('/content/**/*.mdx', { eager: true })

export const entries: Entry[] = buildEntries(modules)
export const site: Site = parseContent(siteSchema, parseYaml(siteYaml), 'content/site.yaml')
export const navigation: Navigation = parseContent(navigationSchema, parseYaml(navigationYaml), 'content/navigation.yaml')
export const redirects: Record<string, string> = checkRedirects(redirectMap)

function checkRedirects(map: Record<string, string>): Record<string, string> {
  for (const [from, to] of Object.entries(map)) {
    if (!entries.some((e) => e.path === to)) throw new Error(`content/redirects.ts: ${from} apunta a ${to}, que no es una ruta del sitio`)
    if (entries.some((e) => e.path === from)) throw new Error(`content/redirects.ts: ${from} es a la vez ruta y redirección`)
  }
  return map
}

export function findEntry(path: string): Entry | undefined {
  return entries.find((e) => e.path === path)
}

export function landing(path: string): LandingEntry {
  const e = findEntry(path)
  if (!e || e.kind === 'legal') throw new Error(`No hay página de aterrizaje en ${path}`)
  return e
}

/** Every URL the build prerenders (redirect sources are Vike's job). */
export const publicPaths: string[] = entries.map((e) => e.path)

export interface MenuItem extends Omit<MenuEntry, 'category' | 'order'> {
  href: string
}
export interface MenuCategory {
  name: (typeof menuCategories)[number]
  items: MenuItem[]
}

/** The mega menu, from each service's `menu` frontmatter plus the navigation file's extra items. */
export function buildMenu(list: Entry[], nav: Navigation): MenuCategory[] {
  const all: (MenuEntry & { href: string })[] = [
    ...list.flatMap((e) => (e.kind === 'service' && e.data.menu ? [{ ...e.data.menu, href: e.path }] : [])),
    ...nav.megaMenu.extraItems.map((i) => ({ ...i, href: nav.megaMenu.fallbackHref })),
  ]
  return menuCategories.map((name) => ({
    name,
    items: all
      .filter((i) => i.category === name)
      .sort((a, b) => a.order - b.order)
      .map(({ category: _c, order: _o, ...item }) => item),
  }))
}

export const menu: MenuCategory[] = buildMenu(entries, navigation)

/** The header's navigation while the CMS's menu_items table is empty (src/siteContent/menu.ts). */
export const defaultNav: NavItem[] = buildNav(defaultMenuRows(navigation.menu), navigation.megaMenu.fallbackHref)

/** A service a lead can be about: its page's slug (what leads.service stores) and its name. */
export interface ServiceChoice {
  slug: string
  name: string
}

/** Every service page, in route order: the contact form's choices and the admin's names for them. */
export const serviceChoices: ServiceChoice[] = entries.flatMap((e) => (e.kind === 'service' ? [{ slug: e.path.slice(1), name: e.data.name }] : []))

export const legalLinks = entries.filter((e): e is LegalEntry => e.kind === 'legal').map((e) => ({ label: e.data.name, href: e.path }))

/** Section anchors on a page; links to other ids go to the home page. */
export function sectionIdsOf(entry: Entry): string[] {
  if (entry.kind === 'legal') return []
  return ['hero', ...entry.data.sections.flatMap((s) => (s.id ? [s.id] : [])), 'contacto']
}
