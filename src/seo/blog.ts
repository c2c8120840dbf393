/**
 * The blog routes' own SEO: the page layer of the head (src/seo/head.ts), below the staff's override.
 * The public blog pages and the admin's SEO tab both build it here, so the tab's placeholders are what
 * the site serves.
 */
import { blogDescription, excerptFrom } from '../blog/text'
import type { PageSeo } from './head'

export const blogIndexSeo = (site: { brand: string; city: string }, page: number): PageSeo => ({
  title: page > 1 ? `Blog (página ${page})` : 'Blog',
  description: blogDescription(site),
})

export interface PostSeoInput {
  title: string
  /** The staff's excerpt, or the body's text: the description is cut from it. */
  summary: string
  featuredImage: string | null
  publishedAt?: string
  updatedAt?: string
  tags?: string[]
}

export function blogPostSeo(post: PostSeoInput): PageSeo {
  return {
    title: post.title,
    description: excerptFrom(post.summary),
    ...(post.featuredImage ? { ogImage: post.featuredImage } : {}),
    ...(post.publishedAt && post.updatedAt
      ? { article: { publishedTime: post.publishedAt, modifiedTime: post.updatedAt, tags: post.tags ?? [] } }
      : {}),
  }
}

export function blogTagSeo(tag: { name: string }): PageSeo {
  return {
    title: `Artículos sobre ${tag.name}`,
    description: excerptFrom(`Todo lo que hemos publicado sobre ${tag.name}: guías, comparativas y experiencias de proyectos reales.`),
  }
}
