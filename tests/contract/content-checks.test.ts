// The database refuses slugs and featured images the public site must never build a URL or an <img>
// from, even when a staff member's client skips the admin (supabase/migrations/20261122000300_*.sql),
// and the admin's own checks (src/lib/slug.ts, src/lib/imageUrl.ts) agree with it value for value.
import type { PostgrestError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import { describeError, invalidInput } from '../../src/cms/errors.ts'
import { isImageUrl } from '../../src/lib/imageUrl.ts'
import { isSlug } from '../../src/lib/slug.ts'
import { serverWithRoles, unique } from './target.ts'

const roles = serverWithRoles()

const post = (fields: Record<string, unknown>) =>
  roles.staff
    .from('blog_posts')
    .insert({ title: 'Entrada', slug: unique('ok'), content: 'x', ...fields })
    .select('id')
    .single()

/** The database's refusal as a client meets it: 400 with 23514 naming the check, told in the admin's Spanish words. */
function expectRefusedBy({ error, status }: { error: PostgrestError | null; status: number }, check: string, told: string) {
  expect(status).toBe(400)
  expect(error?.code).toBe('23514')
  expect(error?.message).toContain(check)
  expect(describeError(error!)).toBe(told)
}

describe('blog_posts.slug', () => {
  it.each(['Mayúsculas', 'con espacio', 'acentuación', 'a/b', '../etc', 'a_b', '-borde', 'borde-', 'doble--guion', '<script>', 'ñu'])(
    'refuses %j from a staff client with 23514 naming blog_posts_slug_format',
    async (slug) => {
      expect(isSlug(slug)).toBe(false)
      expectRefusedBy(await post({ slug }), 'blog_posts_slug_format', invalidInput.slug)
    },
  )

  it('refuses the same slug on update, leaving the stored one as it was', async () => {
    const slug = unique('bien')
    const { data } = await post({ slug })
    const { error } = await roles.staff.from('blog_posts').update({ slug: 'Mal Slug' }).eq('id', data!.id)
    expect(error?.code).toBe('23514')
    const stored = await roles.staff.from('blog_posts').select('slug').eq('id', data!.id).single()
    expect(stored.data?.slug).toBe(slug)
  })

  it('stores a slug the admin accepts', async () => {
    const slug = `${unique('guia')}-2026`
    expect(isSlug(slug)).toBe(true)
    const { error, status } = await post({ slug })
    expect(error).toBeNull()
    expect(status).toBe(201)
  })
})

describe('blog_posts.featured_image', () => {
  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'data:image/svg+xml;base64,PHN2Zz4=',
    'vbscript:x',
    'ftp://example.com/a.jpg',
    '//evil.example/a.jpg',
    'imagen.jpg',
    'https://',
    'https:// espacio.com/a.jpg',
    '/images/a b.jpg',
    ' /images/a.jpg',
    '',
  ])('refuses %j with 23514 naming blog_posts_featured_image_url', async (featured_image) => {
    expect(isImageUrl(featured_image)).toBe(false)
    expectRefusedBy(await post({ featured_image }), 'blog_posts_featured_image_url', invalidInput.featuredImage)
  })

  it.each(['https://images.example.com/a.jpg?w=1200', 'http://example.com/a.png', 'HTTPS://EXAMPLE.COM/A.JPG', '/images/og-default.jpg', null])(
    'stores %j',
    async (featured_image) => {
      if (featured_image !== null) expect(isImageUrl(featured_image)).toBe(true)
      const { error } = await post({ featured_image })
      expect(error).toBeNull()
    },
  )
})

describe('blog_tags.slug', () => {
  it('refuses a tag slug outside a-z, 0-9 and hyphens with 23514 naming blog_tags_slug_format', async () => {
    const refused = await roles.staff.from('blog_tags').insert({ name: unique('Tag'), slug: 'Inteligencia Artificial' })
    expectRefusedBy(refused, 'blog_tags_slug_format', invalidInput.tagSlug)
  })
})

describe('existing rows', () => {
  it('every stored post and tag (the seed included) already satisfies the checks', async () => {
    const service = roles.service
    const posts = await service.from('blog_posts').select('slug, featured_image')
    const tags = await service.from('blog_tags').select('slug')
    expect(posts.data!.length).toBeGreaterThan(0)
    for (const p of posts.data!) {
      expect(isSlug(p.slug), p.slug).toBe(true)
      if (p.featured_image !== null) expect(isImageUrl(p.featured_image), p.featured_image).toBe(true)
    }
    for (const t of tags.data!) expect(isSlug(t.slug), t.slug).toBe(true)
  })
})
