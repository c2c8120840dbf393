import { describe, expect, it } from 'vitest'
import { postErrors } from '../../src/cms/posts'
import { describeError, invalidInput } from '../../src/cms/errors'
import { isImageUrl } from '../../src/lib/imageUrl'
import { isSlug, normaliseSlug, slugOrTitle } from '../../src/lib/slug'

describe('slugs', () => {
  it('normalises what is typed: accents stripped, spaces to hyphens, a trailing hyphen kept for the next word', () => {
    expect(normaliseSlug('Mi Slug')).toBe('mi-slug')
    expect(normaliseSlug('Guía ')).toBe('guia-')
    expect(normaliseSlug('año-')).toBe('ano-')
    expect(normaliseSlug('Ñandú ¿Qué tal?')).toBe('nandu-que-tal')
  })
  it('stores a tidy slug, from the title when none was typed', () => {
    expect(slugOrTitle('guia-', 'x')).toBe('guia')
    expect(slugOrTitle('', 'Cómo elegir: Shopify & WooCommerce')).toBe('como-elegir-shopify-y-woocommerce')
    expect(slugOrTitle('  ', '¿?')).toBe('')
  })
  it('accepts only lowercase words joined by single hyphens', () => {
    for (const ok of ['a', 'mi-entrada-2026']) expect(isSlug(ok)).toBe(true)
    for (const bad of ['', 'Mi', 'a b', 'a--b', '-a', 'a-', 'á', 'a_b']) expect(isSlug(bad)).toBe(false)
  })
})

describe('featured image URLs', () => {
  it('takes http(s) URLs and site paths, nothing else', () => {
    for (const ok of ['https://x.es/a.jpg', 'http://x.es/a.jpg', '/images/a.jpg']) expect(isImageUrl(ok)).toBe(true)
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//x.es/a.jpg', 'a.jpg', '/', 'https://'])
      expect(isImageUrl(bad)).toBe(false)
  })
})

describe('the post form', () => {
  const draft = { title: 'Título', slug: '', featured_image: '' }
  it('refuses a javascript: image and a slug that leaves no letters, in Spanish', () => {
    expect(postErrors({ ...draft, featured_image: 'javascript:alert(1)' })).toEqual({ featured_image: invalidInput.featuredImage })
    expect(postErrors({ ...draft, title: '¿?' })).toEqual({ slug: invalidInput.slug })
    expect(postErrors(draft)).toEqual({})
  })
})

describe('server errors', () => {
  it('names the broken rule in Spanish for each named check constraint, and keeps other messages', () => {
    const check = (name: string) => ({ code: '23514', message: `new row for relation "x" violates check constraint "${name}"` })
    expect(describeError(check('blog_posts_slug_format'))).toBe(invalidInput.slug)
    expect(describeError(check('blog_tags_slug_format'))).toBe(invalidInput.tagSlug)
    expect(describeError(check('blog_posts_featured_image_url'))).toBe(invalidInput.featuredImage)
    expect(describeError(check('pages_content_check'))).toMatch(/^Hay un dato no válido: /)
  })
})
