import { renderToString } from 'react-dom/server'
import { createElement } from 'react'
import { describe, expect, it } from 'vitest'
import { Footer } from '../../src/components/layout/Footer'
import { entries, findEntry, legalLinks, navigation, site } from '../../src/siteContent/registry.server'
import { buildHead } from '../../src/seo/head'
import { buildJsonLd, businessId, serializeJsonLd, type JsonLdPage } from '../../src/seo/jsonld'

type Node = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- parsed JSON

const pages: JsonLdPage[] = entries.map((e) => {
  const head = buildHead(e.path, e.data.seo, site)
  return { path: e.path, kind: e.kind, name: e.data.name, description: head.description, url: head.canonical }
})
/** What a crawler reads: the serialised script parsed back. */
const graphOf = (page: JsonLdPage): Node[] => (JSON.parse(serializeJsonLd(buildJsonLd(page, site))) as Node)['@graph']
const byType = (graph: Node[], type: string) => graph.filter((n) => n['@type'] === type)
const home = pages.find((p) => p.kind === 'home')!

describe('JSON-LD', () => {
  it.each(pages.map((p) => [p.path, p] as const))('%s holds the business, with its Valencia address', (_path, page) => {
    const [business] = byType(graphOf(page), 'ProfessionalService')
    expect(business).toBeDefined()
    expect(business!['@id']).toBe(businessId(site))
    expect(business!.name).toBe(site.brand)
    expect(business!.address).toMatchObject({
      '@type': 'PostalAddress',
      addressLocality: 'Valencia',
      postalCode: expect.stringMatching(/^46\d{3}$/),
      addressCountry: 'ES',
    })
    expect(business!.telephone).toMatch(/^\+34\d{9}$/)
    expect(business!.url).toBe(`${site.siteUrl}/`)
  })

  it('gives the business geo, opening hours, social profiles and the review rating', () => {
    const [business] = byType(graphOf(home), 'ProfessionalService')
    expect(business!.geo).toEqual({ '@type': 'GeoCoordinates', ...site.geo })
    expect(business!.openingHoursSpecification[0]).toMatchObject({ opens: site.hours.opens, closes: site.hours.closes })
    expect(business!.openingHoursSpecification[0].dayOfWeek).toHaveLength(site.hours.dayCodes.length)
    expect(business!.sameAs).toEqual(expect.arrayContaining([...Object.values(site.social), site.reviews.url]))
    expect(business!.aggregateRating).toMatchObject({
      ratingValue: site.reviews.rating,
      reviewCount: site.reviews.count,
      bestRating: site.reviews.best,
    })
  })

  it('adds a Service provided by the business on each service page, and only there', () => {
    for (const page of pages) {
      const services = byType(graphOf(page), 'Service')
      expect(services, page.path).toHaveLength(page.kind === 'service' ? 1 : 0)
      if (page.kind === 'service') expect(services[0]).toMatchObject({ name: page.name, url: page.url, provider: { '@id': businessId(site) } })
    }
  })

  it('adds a two-step breadcrumb from the home page on inner pages, none on the home page', () => {
    expect(byType(graphOf(home), 'BreadcrumbList')).toHaveLength(0)
    for (const page of pages.filter((p) => p.kind !== 'home')) {
      const [crumbs] = byType(graphOf(page), 'BreadcrumbList')
      expect(
        crumbs!.itemListElement.map((i: Node) => i.item),
        page.path,
      ).toEqual([`${site.siteUrl}/`, page.url])
    }
  })

  it('escapes "<" so page text cannot close the script element', () => {
    const json = serializeJsonLd(buildJsonLd({ ...home, kind: 'service', description: '</script><b>' }, site))
    expect(json).not.toContain('<')
    expect(JSON.stringify(JSON.parse(json))).toContain('</script><b>')
  })
})

describe('name, address and phone (NAP) agree everywhere', () => {
  const [business] = byType(graphOf(home), 'ProfessionalService')
  const napFromJsonLd = {
    name: business!.name as string,
    street: business!.address.streetAddress as string,
    postalCode: business!.address.postalCode as string,
    phone: business!.telephone as string,
  }

  it('JSON-LD uses the business facts', () => {
    expect(napFromJsonLd).toEqual({ name: site.brand, street: site.address.street, postalCode: site.address.postalCode, phone: site.phones[0]!.e164 })
  })

  it('the footer prints the same address and dials the same phone', () => {
    const html = renderToString(createElement(Footer, { site, columns: navigation.footer.columns, legalLinks, idsOnPage: [], year: 2026 }))
    expect(html).toContain(napFromJsonLd.street)
    expect(html).toContain(napFromJsonLd.postalCode)
    expect(html).toContain(`tel:${napFromJsonLd.phone}`)
  })

  const notice = findEntry('/aviso-legal')
  it.skipIf(!notice)('the legal notice prints the same name, address and phone', () => {
    const html = renderToString(createElement(notice!.Body, { site }))
    for (const fact of [site.legalName, napFromJsonLd.street, napFromJsonLd.postalCode, site.phones[0]!.display]) expect(html).toContain(fact)
  })
})
