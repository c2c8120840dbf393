import type { NavItem } from './menu'
import type { MenuCategory } from './registry.server'
import type { Navigation, Site } from './schema'

/** What the shell around every public page (src/components/layout/SiteShell.tsx) shows: built by ./page.server.ts. */
export interface ShellData {
  site: Site
  navigation: Navigation
  /** The header's main navigation (./menu.ts): the CMS's menu, or the default one. */
  nav: NavItem[]
  menu: MenuCategory[]
  legalLinks: { label: string; href: string }[]
  cookiePolicyHref: string
  year: number
}
