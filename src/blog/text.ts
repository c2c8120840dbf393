/**
 * Plain-text helpers for posts: pure, with no server-only import, so the admin (browser) and the loaders
 * (server) compute reading time and excerpts the same way.
 */
import { SEO_LIMITS } from '../lib/seoLimits'

/** An adult reads Spanish prose at roughly 200 words a minute. */
const WORDS_PER_MINUTE = 200

/** Minutes to read `text`, rounded, never 0: a one-line post is still "1 min de lectura". */
export function readingMinutes(text: string): number {
  const words = text.split(/\s+/).filter(Boolean).length
  return Math.max(1, Math.round(words / WORDS_PER_MINUTE))
}

/** "4 min de lectura", as cards and the post page show it. */
export function readingTimeLabel(minutes: number): string {
  return `${minutes} min de lectura`
}

/**
 * The start of `text` within `limit` characters (ellipsis included), cut at a word boundary, so a
 * description or card never ends mid-word. Text that fits is returned whole, without an ellipsis.
 */
export function excerptFrom(text: string, limit: number = SEO_LIMITS.description): string {
  const clean = text.replace(/\s+/g, ' ').trim()
  if (clean.length <= limit) return clean
  // The last space that leaves room for the ellipsis: at most limit - 1 characters of text.
  const room = clean.slice(0, limit)
  const cut = room.lastIndexOf(' ', limit - 1)
  // One word longer than the limit (a URL, say) is cut mid-word rather than leaving nothing.
  const head = cut > 0 ? room.slice(0, cut) : room.slice(0, limit - 1)
  return `${head.replace(/[\s.,;:!?¡¿«(—–-]+$/u, '')}…`
}

/** A post's summary on cards, in the feed and as its description: the staff's excerpt, or the start of its text. */
export function postSummary(excerpt: string | null | undefined, bodyText: string): string {
  return excerpt?.trim() || excerptFrom(bodyText)
}

/** What the blog is about: the start of the intro under /blog's h1 and of the feed's description. */
export const BLOG_TOPICS = 'Ideas prácticas sobre ecommerce, software a medida, automatización e inteligencia artificial'

/** The blog in one sentence (133 characters with the demo brand, within SEO_LIMITS.description). */
export function blogDescription(site: { brand: string; city: string }): string {
  return `${BLOG_TOPICS}, del equipo de ${site.brand} en ${site.city}.`
}
