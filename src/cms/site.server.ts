/**
 * What every public page reads from the CMS besides the blog: the header menu (menu_items), the staff's
 * SEO override for its path (seo_metadata), the texts that replace its content file's (content_blocks),
 * and the dynamic pages (pages). The files in content/ are the defaults; these rows are the overrides
 * (docs/decisions/0042-editable-text-places.md, 0043-header-menu-from-menu-items.md, 0021-head-layers.md).
 * Read as anon (./backend.server.ts); invalid rows are skipped with a warning.
 */
import { parseBlocks, type Block } from '../siteContent/blocks'
import { menuRowSchema, type MenuRow } from '../siteContent/menu'
import type { TextBlock } from '../siteContent/places'
import { isSlug } from '../lib/slug'
import { cmsClient, rows, skipRow } from './backend.server'
import type { SeoOverride } from './types'

/** The menu rows, or null when the table is empty (the header then shows the default menu). */
export async function menuRows(): Promise<MenuRow[] | null> {
  const client = cmsClient()
  if (!client) return null
  const data = rows(await client.from('menu_items').select('id,label,path,order_num,parent_id').order('order_num'), 'menú')
  const valid = data.flatMap((raw) => {
    const row = menuRowSchema.safeParse(raw)
    if (!row.success) skipRow('menu_items', raw, row.error.issues.map((i) => i.message).join('; '))
    return row.success ? [row.data] : []
  })
  return valid.length ? valid : null
}

/** The staff's SEO row for a path; a row stored under an old spelling of it (a redirect source) counts too. */
export async function seoOverride(path: string, legacyPaths: readonly string[] = []): Promise<SeoOverride | null> {
  const client = cmsClient()
  if (!client) return null
  const keys = [path, ...legacyPaths]
  const data = rows(await client.from('seo_metadata').select('*').in('page_path', keys), 'SEO')
  return data.sort((a, b) => keys.indexOf(a.page_path) - keys.indexOf(b.page_path))[0] ?? null
}

/** Every SEO row, for the sitemap (a page the staff set to noindex leaves it). */
export async function seoOverrides(): Promise<Map<string, SeoOverride>> {
  const client = cmsClient()
  if (!client) return new Map()
  const data = rows(await client.from('seo_metadata').select('*'), 'SEO')
  return new Map(data.map((row) => [row.page_path, row]))
}

/** The content blocks of one page (its key: "home" or the slug). */
export async function textBlocks(pageKey: string): Promise<TextBlock[]> {
  const client = cmsClient()
  if (!client) return []
  return rows(await client.from('content_blocks').select('section,key,content').eq('page', pageKey), 'textos sustituidos')
}

export interface DynamicPage {
  slug: string
  title: string
  blocks: Block[]
  updatedAt: string
}

/** A published page at /{slug}, with the blocks that fit the schema (the others are logged and skipped). */
export async function dynamicPage(slug: string): Promise<DynamicPage | null> {
  const client = cmsClient()
  if (!client || !isSlug(slug)) return null
  const row = rows(
    await client.from('pages').select('id,slug,title,content,updated_at').eq('slug', slug).eq('published', true).maybeSingle(),
    'página',
  )
  if (!row) return null
  if (!row.title.trim()) {
    skipRow('pages', row, 'título vacío')
    return null
  }
  const { blocks, invalid } = parseBlocks(row.content)
  for (const problem of invalid) skipRow('pages', row, problem.reason)
  return { slug: row.slug, title: row.title.trim(), blocks, updatedAt: new Date(row.updated_at).toISOString() }
}

/** The published pages' slugs and last changes, for the sitemap and the prerender. */
export async function dynamicPageRoutes(): Promise<{ slug: string; updatedAt: string }[]> {
  const client = cmsClient()
  if (!client) return []
  const data = rows(await client.from('pages').select('slug,updated_at').eq('published', true).order('slug'), 'páginas')
  return data.filter((p) => isSlug(p.slug)).map((p) => ({ slug: p.slug, updatedAt: new Date(p.updated_at).toISOString() }))
}
