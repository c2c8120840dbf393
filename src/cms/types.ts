/**
 * What the public site reads from the CMS, shaped for rendering. The loaders (./*.server.ts) read the
 * tables as the anonymous role, so row-level security decides what can appear here: never a draft.
 */
import type { Tables } from '../lib/database.types'

/**
 * The staff's override of a page's head (src/seo/head.ts), a seo_metadata row (or part of one): a null or
 * blank text falls back to the page.
 */
export type SeoOverride = Partial<Omit<Tables<'seo_metadata'>, 'id' | 'page_path' | 'created_at' | 'updated_at'>>

export interface TagRef {
  slug: string
  name: string
}

/** A published post as lists, cards and the feed show it (no body). */
export interface PostSummary {
  id: string
  slug: string
  title: string
  /** The staff's excerpt, or the start of the body's text when there is none. */
  excerpt: string
  /** An http(s) URL or a site path; null when the post has none (or a stored value that is not one). */
  featuredImage: string | null
  /** ISO timestamps. */
  publishedAt: string
  updatedAt: string
  readingMinutes: number
  tags: TagRef[]
}

/** A post's own page: the summary plus its body rendered to sanitised HTML on the server. */
export interface Post extends PostSummary {
  html: string
}
