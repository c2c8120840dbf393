import { describe, expect, it } from 'vitest'
import { site } from '../../src/siteContent/registry.server'
import type { Seo } from '../../src/siteContent/schema'
import { buildHead, pageTitle, type PageSeo } from '../../src/seo/head'

const seo: Seo = {
  title: 'Desarrollo de APIs',
  description: 'APIs REST y GraphQL seguras y documentadas para conectar tus sistemas.',
  noindex: false,
}
const attr = (head: ReturnType<typeof buildHead>, key: string, id: string) => head.tags.find((t) => t.attrs[key] === id)?.attrs

describe('page title', () => {
  it('appends brand and city', () => {
    expect(pageTitle('Desarrollo de APIs', { brand: 'Nexo Digital', city: 'Valencia' })).toBe('Desarrollo de APIs | Nexo Digital Valencia')
  })
  it('keeps a title that already holds the brand, whatever its case', () => {
    expect(pageTitle('NEXO DIGITAL: quiénes somos', { brand: 'Nexo Digital', city: 'Valencia' })).toBe('NEXO DIGITAL: quiénes somos')
  })
})

describe('buildHead', () => {
  it('builds canonical, Open Graph and Twitter tags with absolute URLs and the default image', () => {
    const head = buildHead('/desarrollo-apis', seo, site)
    expect(head.canonical).toBe(`${site.siteUrl}/desarrollo-apis`)
    expect(head.ogImage).toBe(`${site.siteUrl}${site.defaultOgImage}`)
    expect(attr(head, 'rel', 'canonical')?.href).toBe(head.canonical)
    expect(attr(head, 'property', 'og:url')?.content).toBe(head.canonical)
    expect(attr(head, 'name', 'twitter:image')?.content).toBe(head.ogImage)
    expect(attr(head, 'name', 'robots')?.content).toBe('index,follow')
    expect(attr(head, 'name', 'keywords')).toBeUndefined()
  })
  it('honours noindex, keywords, a canonical override and an absolute image', () => {
    const head = buildHead(
      '/x',
      { ...seo, noindex: true, keywords: ['apis Valencia', 'GraphQL'], canonical: 'https://otra.example/x', ogImage: 'https://cdn.example/i.png' },
      site,
    )
    expect(head.robots).toBe('noindex,nofollow')
    expect(attr(head, 'name', 'keywords')?.content).toBe('apis Valencia, GraphQL')
    expect(head.canonical).toBe('https://otra.example/x')
    expect(head.ogImage).toBe('https://cdn.example/i.png')
  })
  it('uses the site root as the home canonical', () => {
    expect(buildHead('/', seo, site).canonical).toBe(`${site.siteUrl}/`)
  })
})

describe('head layers: business defaults ← the page ← the staff override', () => {
  const page: PageSeo = {
    title: 'Agencia Shopify',
    description: 'Tiendas Shopify y Shopify Plus para marcas que quieren vender más.',
    keywords: ['Shopify'],
  }
  const tag = (head: ReturnType<typeof buildHead>, key: string, id: string) =>
    head.tags.filter((t) => t.attrs[key] === id).map((t) => t.attrs.content ?? t.attrs.href)
  const title = (head: ReturnType<typeof buildHead>) => head.tags.find((t) => t.kind === 'title')?.attrs.text

  it("without an override, the page's own values with the brand pattern and the default image", () => {
    const head = buildHead('/shopify', page, site, null)
    expect(title(head)).toBe(`Agencia Shopify | ${site.brand} ${site.city}`)
    expect(tag(head, 'property', 'og:title')).toEqual([title(head)])
    expect(tag(head, 'property', 'og:image')).toEqual([`${site.siteUrl}${site.defaultOgImage}`])
    expect(tag(head, 'name', 'robots')).toEqual(['index,follow'])
  })

  it("the staff's title is the whole <title>, and each empty field falls back to the page", () => {
    const head = buildHead('/shopify', page, site, { meta_title: 'Shopify en Valencia', meta_description: '  ', og_image: null })
    expect(title(head)).toBe('Shopify en Valencia')
    expect(tag(head, 'name', 'description')).toEqual([page.description])
    expect(tag(head, 'name', 'twitter:title')).toEqual(['Shopify en Valencia'])
    expect(tag(head, 'name', 'keywords')).toEqual(['Shopify'])
  })

  it('Open Graph and Twitter overrides apply to their own tags only', () => {
    const head = buildHead('/shopify', page, site, {
      og_title: 'OG',
      og_description: 'OG desc',
      og_image: '/images/og.png',
      twitter_title: 'TW',
      twitter_image: 'https://cdn.example/tw.png',
      canonical_url: 'https://otra.example/shopify',
      keywords: 'a, b',
    })
    expect(tag(head, 'property', 'og:title')).toEqual(['OG'])
    expect(tag(head, 'property', 'og:description')).toEqual(['OG desc'])
    expect(tag(head, 'property', 'og:image')).toEqual([`${site.siteUrl}/images/og.png`])
    expect(tag(head, 'name', 'twitter:title')).toEqual(['TW'])
    expect(tag(head, 'name', 'twitter:description')).toEqual(['OG desc'])
    expect(tag(head, 'name', 'twitter:image')).toEqual(['https://cdn.example/tw.png'])
    expect(tag(head, 'rel', 'canonical')).toEqual(['https://otra.example/shopify'])
    expect(tag(head, 'property', 'og:url')).toEqual(['https://otra.example/shopify'])
    expect(tag(head, 'name', 'keywords')).toEqual(['a, b'])
  })

  it.each([
    [false, false, 'index,follow'],
    [true, false, 'noindex,follow'],
    [false, true, 'index,nofollow'],
    [true, true, 'noindex,nofollow'],
  ])('robots from noindex=%s nofollow=%s: %s', (noindex, nofollow, robots) => {
    expect(tag(buildHead('/shopify', page, site, { noindex, nofollow }), 'name', 'robots')).toEqual([robots])
  })

  it('a page that keeps itself out of search engines stays out whatever a row says', () => {
    expect(buildHead('/x', { ...page, noindex: true }, site, { noindex: false, nofollow: false }).robots).toBe('noindex,nofollow')
  })

  it('a blog post is an Open Graph article with its dates and one tag element per tag', () => {
    const head = buildHead(
      '/blog/x',
      { ...page, article: { publishedTime: '2026-11-02T23:30:00.000Z', modifiedTime: '2026-11-03T08:00:00.000Z', tags: ['IA', 'Ecommerce'] } },
      site,
    )
    expect(tag(head, 'property', 'og:type')).toEqual(['article'])
    expect(tag(head, 'property', 'article:published_time')).toEqual(['2026-11-02T23:30:00.000Z'])
    expect(tag(head, 'property', 'article:modified_time')).toEqual(['2026-11-03T08:00:00.000Z'])
    expect(tag(head, 'property', 'article:tag')).toEqual(['IA', 'Ecommerce'])
  })
})
