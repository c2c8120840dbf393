/**
 * Structured data (schema.org JSON-LD) of a public page, built by one pure function from the page's
 * registry facts and the business facts in content/site.yaml, the same facts the footer and the legal
 * notice print, so name, address and phone can never disagree.
 */
import type { Site } from '../siteContent/schema'
import { absoluteUrl } from './head'

export interface JsonLdPage {
  path: string
  kind: 'home' | 'service' | 'legal' | 'blog' | 'tag' | 'post' | 'page'
  /** Short page name (registry `data.name`, a post's title): the breadcrumb label and the node's name. */
  name: string
  description: string
  /** The page's canonical URL. */
  url: string
  /** Pages between Inicio and this one in the breadcrumb (Blog, for a post or a tag page). */
  trail?: { name: string; url: string }[]
  /** A blog post's article facts (absolute image URL). */
  article?: { datePublished: string; dateModified: string; image: string }
}

type JsonLdNode = Record<string, unknown>

const dayNames = { Mo: 'Monday', Tu: 'Tuesday', We: 'Wednesday', Th: 'Thursday', Fr: 'Friday', Sa: 'Saturday', Su: 'Sunday' } as const

/** The id every other node points at (Service.provider, WebPage.publisher). */
export function businessId(site: Pick<Site, 'siteUrl'>): string {
  return `${site.siteUrl}/#empresa`
}

/** ProfessionalService is a LocalBusiness, hence an Organization: one node serves both roles. */
export function businessNode(site: Site): JsonLdNode {
  return {
    '@type': 'ProfessionalService',
    '@id': businessId(site),
    name: site.brand,
    legalName: site.legalName,
    taxID: site.taxId,
    description: site.tagline,
    url: `${site.siteUrl}/`,
    logo: absoluteUrl('/favicon.svg', site),
    image: absoluteUrl(site.defaultOgImage, site),
    email: site.emails.contact,
    telephone: site.phones[0]!.e164,
    foundingDate: String(site.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.address.street,
      postalCode: site.address.postalCode,
      addressLocality: site.address.locality,
      addressRegion: site.address.region,
      addressCountry: site.address.country,
    },
    geo: { '@type': 'GeoCoordinates', latitude: site.geo.latitude, longitude: site.geo.longitude },
    openingHoursSpecification: [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: site.hours.dayCodes.map((d) => dayNames[d]),
        opens: site.hours.opens,
        closes: site.hours.closes,
      },
    ],
    contactPoint: site.phones.map((p) => ({
      '@type': 'ContactPoint',
      contactType: p.label,
      telephone: p.e164,
      email: site.emails.contact,
      availableLanguage: 'es',
    })),
    sameAs: [...Object.values(site.social), site.reviews.url],
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: site.reviews.rating,
      bestRating: site.reviews.best,
      reviewCount: site.reviews.count,
    },
    areaServed: { '@type': 'Country', name: 'España' },
  }
}

function serviceNode(page: JsonLdPage, site: Site): JsonLdNode {
  return {
    '@type': 'Service',
    '@id': `${page.url}#servicio`,
    name: page.name,
    serviceType: page.name,
    description: page.description,
    url: page.url,
    provider: { '@id': businessId(site) },
    areaServed: { '@type': 'Country', name: 'España' },
  }
}

/** A blog post: author and publisher are the business itself. */
function blogPostingNode(page: JsonLdPage, site: Site): JsonLdNode {
  return {
    '@type': 'BlogPosting',
    '@id': `${page.url}#articulo`,
    headline: page.name,
    description: page.description,
    url: page.url,
    mainEntityOfPage: page.url,
    inLanguage: 'es-ES',
    ...(page.article && { datePublished: page.article.datePublished, dateModified: page.article.dateModified, image: page.article.image }),
    author: { '@id': businessId(site) },
    publisher: { '@id': businessId(site) },
  }
}

/** A page staff publish from the CMS. */
function webPageNode(page: JsonLdPage, site: Site): JsonLdNode {
  return {
    '@type': 'WebPage',
    '@id': `${page.url}#pagina`,
    name: page.name,
    description: page.description,
    url: page.url,
    inLanguage: 'es-ES',
    publisher: { '@id': businessId(site) },
  }
}

function breadcrumbNode(page: JsonLdPage, site: Site): JsonLdNode {
  const trail = [{ name: 'Inicio', url: `${site.siteUrl}/` }, ...(page.trail ?? []), { name: page.name, url: page.url }]
  return {
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({ '@type': 'ListItem', position: i + 1, name: crumb.name, item: crumb.url })),
  }
}

/**
 * Every page: the business; service pages: their Service; posts: a BlogPosting; CMS pages: a WebPage;
 * inner pages: a breadcrumb from the home page.
 */
export function buildJsonLd(page: JsonLdPage, site: Site): JsonLdNode {
  return {
    '@context': 'https://schema.org',
    '@graph': [
      businessNode(site),
      ...(page.kind === 'service' ? [serviceNode(page, site)] : []),
      ...(page.kind === 'post' ? [blogPostingNode(page, site)] : []),
      ...(page.kind === 'page' ? [webPageNode(page, site)] : []),
      ...(page.kind === 'home' ? [] : [breadcrumbNode(page, site)]),
    ],
  }
}

/** JSON for an inline <script>: "<" is escaped so page text can never close the script element. */
export function serializeJsonLd(data: JsonLdNode): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}
