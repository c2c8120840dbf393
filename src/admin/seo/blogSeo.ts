/**
 * The blog routes' own SEO (the layer below the staff's override), as the public blog pages build it.
 */
import { marked } from 'marked'
import { SEO_LIMITS } from '../../seo/limits'
import type { PageSeo } from './seoPages'

export const BLOG_PATH = '/blog'
export const postPath = (slug: string) => `${BLOG_PATH}/${slug}`
export const tagPath = (slug: string) => `${BLOG_PATH}/etiqueta/${slug}`

function clamp(text: string, limit: number = SEO_LIMITS.description): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  return clean.length <= limit ? clean : `${clean.slice(0, limit - 1).trimEnd()}…`
}

function markdownText(markdown: string): string {
  const html = marked.parse(markdown, { async: false, gfm: true })
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? ''
}

export function blogPostSeo(post: { title: string; excerpt: string | null; content: string | null; featured_image: string | null }): PageSeo {
  return {
    title: post.title,
    description: clamp(post.excerpt ?? markdownText(post.content ?? '')),
    ogImage: post.featured_image ?? undefined,
  }
}

export function blogTagSeo(tag: { name: string }): PageSeo {
  return {
    title: `Artículos sobre ${tag.name}`,
    description: clamp(`Todo lo que hemos publicado sobre ${tag.name}: guías, comparativas y experiencias de proyectos reales.`),
  }
}
