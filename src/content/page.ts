/**
 * What a public page passes from its server hooks to its components and head: computed once per
 * page from the registry. Server-only (imports the registry).
 */
import { buildHead, type HeadData } from '../seo/head'
import { findEntry, legalLinks, menu, navigation, site, type Entry } from './registry'
import type { ShellData } from '../components/layout/SiteShell'
import { defaultNav } from './registry'

export interface PageData {
  path: string
  kind: Entry['kind']
  head: HeadData
  /** Section anchors on this page; links to other ids go to the home page. */
  sectionIds: string[]
}

export function sectionIdsOf(entry: Entry): string[] {
  if (entry.kind === 'legal') return []
  return ['hero', ...entry.data.sections.flatMap((s) => (s.id ? [s.id] : [])), 'contacto']
}

export function pageData(path: string): PageData | undefined {
  const entry = findEntry(path)
  if (!entry) return undefined
  return { path, kind: entry.kind, head: buildHead(path, entry.data.seo, site), sectionIds: sectionIdsOf(entry) }
}

export function shellData(): ShellData {
  // The banner links to the cookie policy page, content/legal/cookies.mdx (a unit test checks it exists).
  return { site, navigation, nav: defaultNav, menu, legalLinks, cookiePolicyHref: '/cookies', year: new Date().getFullYear() }
}
