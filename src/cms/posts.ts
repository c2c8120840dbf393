import { isImageUrl } from '../lib/imageUrl'
import { isSlug, slugOrTitle } from '../lib/slug'
import type { Tables } from '../lib/database.types'
import { invalidInput } from './errors'
import { scheduleInputOf } from './schedule'

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
  /** published_at as stored when the editor opened; see nextPublishedAt in src/cms/schedule.ts. */
  published_at: string | null
  /** The scheduled time as the date-time field holds it (Madrid), empty for none. */
  schedule: string
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
  schedule: '',
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
    schedule: scheduleInputOf(post.published, post.published_at),
    tagIds: [...tagIds].sort(),
    updated_at: post.updated_at,
  }
}

export type PostErrors = Partial<Record<'slug' | 'featured_image', string>>

/**
 * What the form refuses before saving (the database refuses the same, see src/cms/errors.ts): a slug
 * that does not reduce to a-z, 0-9 and hyphens, and a featured image that is neither http(s) nor a site path.
 */
export function postErrors(draft: Pick<PostDraft, 'slug' | 'title' | 'featured_image'>): PostErrors {
  const errors: PostErrors = {}
  if (!isSlug(slugOrTitle(draft.slug, draft.title))) errors.slug = invalidInput.slug
  const image = draft.featured_image.trim()
  if (image && !isImageUrl(image)) errors.featured_image = invalidInput.featuredImage
  return errors
}

export { postPath } from '../blog/paths'
