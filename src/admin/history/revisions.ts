/**
 * What Historial shows and restores of a revision (content_revisions, docs/decisions/0065-…): pure
 * functions over the stored record, so the panel and its tests agree.
 */
import type { Tables } from '../../lib/database.types'

export type RevisionRow = Tables<'content_revisions'>
export type HistoryTable = 'blog_posts' | 'pages' | 'content_blocks' | 'menu_items' | 'seo_metadata'
type Record_ = Record<string, unknown>

/**
 * The fields a restore writes back, per table. Publication (`published`, `published_at`) is never among
 * them: restoring keeps the record's current published state; staff change it in the form if they want.
 */
export const restoredFields: Record<HistoryTable, string[]> = {
  blog_posts: ['title', 'slug', 'excerpt', 'content', 'featured_image'],
  pages: ['title', 'slug', 'content'],
  content_blocks: ['title', 'content'],
  menu_items: ['label', 'path', 'order_num', 'parent_id'],
  seo_metadata: [
    'meta_title',
    'meta_description',
    'keywords',
    'canonical_url',
    'og_title',
    'og_description',
    'og_image',
    'twitter_title',
    'twitter_description',
    'twitter_image',
    'noindex',
    'nofollow',
  ],
}

/** Spanish names of the fields staff see in the comparison. */
const fieldLabels: Record<string, string> = {
  title: 'Título',
  slug: 'Slug',
  excerpt: 'Extracto',
  content: 'Contenido',
  featured_image: 'Imagen destacada',
  published: 'Publicado',
  published_at: 'Fecha de publicación',
  label: 'Etiqueta',
  path: 'Ruta',
  order_num: 'Orden',
  parent_id: 'Elemento padre',
  meta_title: 'Meta título',
  meta_description: 'Meta descripción',
  keywords: 'Palabras clave',
  canonical_url: 'URL canónica',
  og_title: 'Título Open Graph',
  og_description: 'Descripción Open Graph',
  og_image: 'Imagen Open Graph',
  twitter_title: 'Título de Twitter',
  twitter_description: 'Descripción de Twitter',
  twitter_image: 'Imagen de Twitter',
  noindex: 'No indexar',
  nofollow: 'No seguir enlaces',
}

/** Bookkeeping columns the database sets: never a change staff made. */
const bookkeeping = new Set(['id', 'created_at', 'updated_at'])

/** The Spanish names of the fields whose value differs between two versions of a record. */
export function changedFields(before: Record_, after: Record_): string[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...keys]
    .filter((key) => !bookkeeping.has(key) && JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null))
    .map((key) => fieldLabels[key] ?? key)
}

/** The long text of a record, compared line by line: a post's Markdown, a page's blocks, a block's text. */
export function comparableText(table: HistoryTable, record: Record_): string | null {
  if (table === 'pages') return JSON.stringify(record.content ?? [], null, 2)
  if (table === 'blog_posts' || table === 'content_blocks') return typeof record.content === 'string' ? record.content : ''
  return null
}

/** What a restore writes: the revision's values of the restored fields. */
export function restoreFields(table: HistoryTable, record: Record_): Record_ {
  return Object.fromEntries(restoredFields[table].map((key) => [key, record[key] ?? null]))
}

const operations: Record<string, string> = { INSERT: 'Creación', UPDATE: 'Cambio', DELETE: 'Eliminación' }
export const operationLabel = (operation: string) => operations[operation] ?? operation
