import { describe, expect, it } from 'vitest'
import { changedFields, comparableText, restoreFields } from '../../src/admin/history/revisions'

describe('Historial: what a revision shows and restores', () => {
  const before = { id: 'a', title: 'Guía', slug: 'guia', content: 'Uno', published: false, published_at: null, updated_at: '2026-11-25T10:00:00Z' }
  const now = { ...before, content: 'Dos', published: true, published_at: '2026-11-25T11:00:00Z', updated_at: '2026-11-25T11:00:00Z' }

  it('lists the changed fields by their Spanish names, never the bookkeeping columns', () => {
    expect(changedFields(before, now)).toEqual(['Contenido', 'Publicado', 'Fecha de publicación'])
  })

  it('restores the content fields and keeps the current publication', () => {
    expect(restoreFields('blog_posts', before)).toEqual({ title: 'Guía', slug: 'guia', excerpt: null, content: 'Uno', featured_image: null })
  })

  it('compares a page by its blocks as indented JSON, a menu item by its fields only', () => {
    expect(comparableText('pages', { content: [{ type: 'heading', text: 'Hola' }] })).toContain('"text": "Hola"')
    expect(comparableText('menu_items', { label: 'Blog' })).toBeNull()
  })
})
