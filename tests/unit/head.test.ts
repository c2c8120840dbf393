import { describe, expect, it } from 'vitest'
import { site } from '../../src/content/registry.server'
import type { Seo } from '../../src/content/schema'
import { buildHead, pageTitle } from '../../src/seo/head'

const seo: Seo = { title: 'Desarrollo de APIs', description: 'APIs REST y GraphQL seguras y documentadas para conectar tus sistemas.', noindex: false }
const attr = (head: ReturnType<typeof buildHead>, key: string, id: string) =>
  head.tags.find((t) => t.attrs[key] === id)?.attrs

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
    const head = buildHead('/x', { ...seo, noindex: true, keywords: ['apis Valencia', 'GraphQL'], canonical: 'https://otra.example/x', ogImage: 'https://cdn.example/i.png' }, site)
    expect(head.robots).toBe('noindex,nofollow')
    expect(attr(head, 'name', 'keywords')?.content).toBe('apis Valencia, GraphQL')
    expect(head.canonical).toBe('https://otra.example/x')
    expect(head.ogImage).toBe('https://cdn.example/i.png')
  })
  it('uses the site root as the home canonical', () => {
    expect(buildHead('/', seo, site).canonical).toBe(`${site.siteUrl}/`)
  })
})
