/**
 * The blog's RSS 2.0 feed as an XML string: pure (the same posts give the same bytes), so the server can
 * cache it and tests can parse it.
 *
 * Written by hand rather than with the `feed` package: its RSS output passes characters XML 1.0 forbids
 * (U+0000–U+001F but tab and newlines) straight through, so one stray control character in a CMS title
 * would make the whole feed unreadable to every reader; it also always adds `<docs>`, and `lastBuildDate`
 * is "now" unless told otherwise. The format here is a dozen fixed elements, each escaped by `xml` below.
 */
import type { Site } from '../siteContent/schema'
import type { PostSummary } from '../cms/types'
import { BLOG_PATH, FEED_PATH, postPath } from '../blog/paths'
import { blogDescription } from '../blog/text'

/** Characters XML 1.0 allows (the Char production); everything else is dropped, not escaped. */
const NOT_XML_CHAR = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu

/** Text for element content or a double-quoted attribute. */
export function xml(value: string): string {
  return value
    .replace(NOT_XML_CHAR, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

/** RFC 822 date-time as RSS 2.0 wants it: "Mon, 02 Nov 2026 23:30:00 GMT". */
export function rfc822(iso: string): string {
  return new Date(iso).toUTCString()
}

/** The feed's own title, also for `<link rel="alternate" title>` in every page's head. */
export const feedTitle = (site: Pick<Site, 'brand'>) => `Blog de ${site.brand}`

/**
 * RSS 2.0 for `posts` in the order given (the loader passes the newest FEED_SIZE published posts). Every URL
 * is absolute; each item's guid is its URL (a permalink); the excerpt is the description; tags are categories.
 */
export function buildFeed(posts: PostSummary[], site: Pick<Site, 'brand' | 'city' | 'siteUrl'>): string {
  const abs = (path: string) => `${site.siteUrl}${path}`
  const lastChange = posts.reduce<string | null>(
    (latest, p) => (latest === null || Date.parse(p.updatedAt) > Date.parse(latest) ? p.updatedAt : latest),
    null,
  )
  const items = posts.map((post) => {
    const url = abs(postPath(post.slug))
    return [
      '    <item>',
      `      <title>${xml(post.title)}</title>`,
      `      <link>${xml(url)}</link>`,
      `      <guid isPermaLink="true">${xml(url)}</guid>`,
      `      <pubDate>${rfc822(post.publishedAt)}</pubDate>`,
      `      <description>${xml(post.excerpt)}</description>`,
      ...post.tags.map((tag) => `      <category>${xml(tag.name)}</category>`),
      '    </item>',
    ].join('\n')
  })
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '  <channel>',
    `    <title>${xml(feedTitle(site))}</title>`,
    `    <link>${xml(abs(BLOG_PATH))}</link>`,
    `    <description>${xml(blogDescription(site))}</description>`,
    '    <language>es-ES</language>',
    `    <atom:link href="${xml(abs(FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...(lastChange ? [`    <lastBuildDate>${rfc822(lastChange)}</lastBuildDate>`] : []),
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n')
}
