import { isImageUrl } from '../../lib/imageUrl'
import { isSlug, slugOrTitle } from '../../lib/slug'
import type { Tables } from '../../lib/database.types'
import { invalidInput } from '../errors'

/** A blog post as stored. */
export type PostRow = Tables<'blog_posts'>

export interface PostDraft {
  id?: string
  title: string
  slug: string
  excerpt: string
  content: string
  featured_image: string
  published: boolean
  /** published_at as stored when the editor opened; see nextPublishedAt. */
  published_at: string | null
  tagIds: string[]
  /** The version opened (null for a new post): a save applies only while it is still the saved one. */
  updated_at: string | null
}

export const newPost: PostDraft = {
  title: '',
  slug: '',
  excerpt: '',
  content: '',
  featured_image: '',
  published: false,
  published_at: null,
  tagIds: [],
  updated_at: null,
}

export function draftOf(post: PostRow, tagIds: string[]): PostDraft {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? '',
    content: post.content,
    featured_image: post.featured_image ?? '',
    published: post.published,
    published_at: post.published ? post.published_at : null,
    tagIds: [...tagIds].sort(),
    updated_at: post.updated_at,
  }
}

/**
 * docs/decisions/0010-cms-editing-rules.md: published_at is stamped when a post goes from draft to published, kept on later saves
 * while it stays published, and cleared when it goes back to draft. (The database trigger enforces the
 * same rule; sending the right value keeps the client honest on any backend.)
 */
export function nextPublishedAt(draft: Pick<PostDraft, 'published' | 'published_at'>, now = new Date()): string | null {
  if (!draft.published) return null
  return draft.published_at ?? now.toISOString()
}

export type PostErrors = Partial<Record<'slug' | 'featured_image', string>>

/**
 * What the form refuses before saving (the database refuses the same, see src/admin/errors.ts): a slug
 * that does not reduce to a-z, 0-9 and hyphens, and a featured image that is neither http(s) nor a site path.
 */
export function postErrors(draft: Pick<PostDraft, 'slug' | 'title' | 'featured_image'>): PostErrors {
  const errors: PostErrors = {}
  if (!isSlug(slugOrTitle(draft.slug, draft.title))) errors.slug = invalidInput.slug
  const image = draft.featured_image.trim()
  if (image && !isImageUrl(image)) errors.featured_image = invalidInput.featuredImage
  return errors
}

export { postPath } from '../../blog/paths'
