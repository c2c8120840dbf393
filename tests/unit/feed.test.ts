import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { describe, expect, it } from 'vitest'
import { FEED_PATH } from '../../src/blog/paths'
import type { PostSummary } from '../../src/cms/types'
import { buildFeed, rfc822 } from '../../src/seo/feed'

const site = { brand: 'Nexo Digital', city: 'Valencia', siteUrl: 'https://www.example.com' }

const post = (n: number, over: Partial<PostSummary> = {}): PostSummary => ({
  id: `id-${n}`,
  slug: `articulo-${n}`,
  title: `Artículo ${n}`,
  excerpt: `Resumen del artículo ${n}.`,
  featuredImage: null,
  publishedAt: `2026-11-0${n}T23:30:00.000Z`,
  updatedAt: `2026-11-0${n + 1}T08:00:00.000Z`,
  readingMinutes: 3,
  tags: [],
  ...over,
})

type Item = {
  title: string
  link: string
  guid: { '#text': string; '@_isPermaLink': string }
  pubDate: string
  description: string
  category?: string | string[]
}

/** The feed as a reader sees it: validated, then parsed by a real XML parser (entities decoded). */
function parse(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true)
  const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, isArray: (name) => name === 'item' })
  const doc = parser.parse(xml) as {
    rss: {
      '@_version': string
      '@_xmlns:atom': string
      channel: {
        title: string
        link: string
        description: string
        language: string
        lastBuildDate?: string
        'atom:link': { '@_href': string; '@_rel': string; '@_type': string }
        item?: Item[]
      }
    }
  }
  return doc.rss
}

const RFC822 = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/

describe('buildFeed', () => {
  const posts = [
    post(3, {
      tags: [
        { slug: 'shopify', name: 'Shopify' },
        { slug: 'ecommerce', name: 'Ecommerce' },
      ],
    }),
    post(2, { tags: [{ slug: 'ia', name: 'Inteligencia artificial' }] }),
    post(1),
  ]
  const rss = parse(buildFeed(posts, site))

  it('is RSS 2.0 with the channel in Spanish and an atom:link to itself', () => {
    expect(rss['@_version']).toBe('2.0')
    expect(rss['@_xmlns:atom']).toBe('http://www.w3.org/2005/Atom')
    expect(rss.channel.title).toBe('Blog de Nexo Digital')
    expect(rss.channel.link).toBe('https://www.example.com/blog')
    expect(rss.channel.description).toContain('Nexo Digital')
    expect(rss.channel.language).toBe('es-ES')
    expect(rss.channel['atom:link']).toEqual({
      '@_href': `https://www.example.com${FEED_PATH}`,
      '@_rel': 'self',
      '@_type': 'application/rss+xml',
    })
  })

  it('has one item per post, in the order given, with absolute links and guids', () => {
    const items = rss.channel.item!
    expect(items).toHaveLength(3)
    expect(items.map((i) => i.link)).toEqual([
      'https://www.example.com/blog/articulo-3',
      'https://www.example.com/blog/articulo-2',
      'https://www.example.com/blog/articulo-1',
    ])
    for (const item of items) {
      expect(new URL(item.link).origin).toBe(site.siteUrl)
      expect(item.guid).toEqual({ '#text': item.link, '@_isPermaLink': 'true' })
    }
  })

  it('dates items in RFC 822 (GMT) with the instant unchanged', () => {
    const [first] = rss.channel.item!
    expect(first!.pubDate).toMatch(RFC822)
    expect(first!.pubDate).toBe('Tue, 03 Nov 2026 23:30:00 GMT')
    expect(Date.parse(first!.pubDate)).toBe(Date.parse(posts[0]!.publishedAt))
    // The channel changed when its latest post did.
    expect(rss.channel.lastBuildDate).toBe(rfc822('2026-11-04T08:00:00.000Z'))
  })

  it('uses the excerpt as description and the tags as categories', () => {
    const [first, second, third] = rss.channel.item!
    expect(first!.description).toBe('Resumen del artículo 3.')
    expect(first!.category).toEqual(['Shopify', 'Ecommerce'])
    expect(second!.category).toBe('Inteligencia artificial')
    expect(third!.category).toBeUndefined()
  })

  it('escapes & and < in titles and excerpts, so they read back as typed', () => {
    const xml = buildFeed([post(1, { title: 'Tiendas <b>Shopify</b> & más', excerpt: 'Antes & después: "</description><script>"' })], site)
    expect(xml).not.toContain('<b>')
    expect(xml).not.toContain('<script>')
    const [item] = parse(xml).channel.item!
    expect(item!.title).toBe('Tiendas <b>Shopify</b> & más')
    expect(item!.description).toBe('Antes & después: "</description><script>"')
  })

  it('drops characters XML forbids instead of producing an unreadable feed', () => {
    const xml = buildFeed([post(1, { title: 'Hola\u0001 mundo\u0008 bonito\uFFFF' })], site)
    // fast-xml-parser's validator tolerates them; strict readers (XML 1.0's Char production) do not.
    // eslint-disable-next-line no-control-regex -- these are exactly the characters XML 1.0 forbids
    expect(xml).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/)
    expect(parse(xml).channel.item![0]!.title).toBe('Hola mundo bonito')
  })

  it('is a valid, empty channel when there are no posts', () => {
    const empty = parse(buildFeed([], site))
    expect(empty.channel.item).toBeUndefined()
    expect(empty.channel.lastBuildDate).toBeUndefined()
    expect(empty.channel.title).toBe('Blog de Nexo Digital')
  })

  it('is pure: the same posts give the same bytes', () => {
    expect(buildFeed(posts, site)).toBe(buildFeed(posts, site))
  })
})
