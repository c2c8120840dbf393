/**
 * The blog routes' own SEO: the page layer of the head (src/seo/head.ts), below the staff's override.
 * The public blog pages and the admin's SEO tab both build it here, so the tab's placeholders are what
 * the site serves.
 */
import type { PageSeo } from '../seo/head'
import { SEO_LIMITS } from '../seo/limits'

/** Cuts a text to the description limit on a word boundary. */
export function clampDescription(text: string, limit: number = SEO_LIMITS.description): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= limit) return clean
  const cut = clean.slice(0, limit - 1)
  const atWord = cut.lastIndexOf(' ') > limit / 2 ? cut.slice(0, cut.lastIndexOf(' ')) : cut
  return `${atWord.replace(/[\s,;:.]+$/, '')}…`
}

export const blogIndexSeo = (brand: string, page: number): PageSeo => ({
  title: page > 1 ? `Blog (página ${page})` : 'Blog',
  description: clampDescription(
    `Artículos de ${brand} sobre desarrollo de software, comercio electrónico, inteligencia artificial y transformación digital para empresas.`,
  ),
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
    description: clampDescription(post.summary),
    ...(post.featuredImage ? { ogImage: post.featuredImage } : {}),
    ...(post.publishedAt && post.updatedAt
      ? { article: { publishedTime: post.publishedAt, modifiedTime: post.updatedAt, tags: post.tags ?? [] } }
      : {}),
  }
}

export function blogTagSeo(tag: { name: string }): PageSeo {
  return {
    title: `Artículos sobre ${tag.name}`,
    description: clampDescription(`Todo lo que hemos publicado sobre ${tag.name}: guías, comparativas y experiencias de proyectos reales.`),
  }
}
