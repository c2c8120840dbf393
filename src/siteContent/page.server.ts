/**
 * What the shell around every public page needs (header, footer, banner), from the registry. The header's
 * menu comes from the page's data (the CMS's menu_items, or the default). Server-only (imports the registry).
 */
import type { NavItem } from './menu'
import { defaultNav, legalLinks, menu, navigation, site } from './registry.server'
import type { ShellData } from './shell'

export function shellData(nav: NavItem[] = defaultNav): ShellData {
  // The banner links to the cookie policy page, content/legal/cookies.mdx (a unit test checks it exists).
  return { site, navigation, nav, menu, legalLinks, cookiePolicyHref: '/cookies', year: new Date().getFullYear() }
}
