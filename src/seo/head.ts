/**
 * All head data of a public page, computed by one pure function from the page's SEO frontmatter and
 * the business facts. vike-react renders title/description/image; +Head renders `tags`.
 */
import type { Seo, Site } from '../content/schema'

export interface HeadTag {
  kind: 'meta' | 'link'
  attrs: Record<string, string>
}

export interface HeadData {
  title: string
  description: string
  /** Absolute URL of the Open Graph / Twitter image. */
  image: string
  canonical: string
  robots: string
  tags: HeadTag[]
}

/** "{title} | {brand} {city}" unless the title already holds the brand. */
export function pageTitle(title: string, site: Pick<Site, 'brand' | 'city'>): string {
  return title.toLowerCase().includes(site.brand.toLowerCase()) ? title : `${title} | ${site.brand} ${site.city}`
}

export function absoluteUrl(pathOrUrl: string, site: Pick<Site, 'siteUrl'>): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

export function buildHead(path: string, seo: Seo, site: Site): HeadData {
  const title = pageTitle(seo.title, site)
  const canonical = seo.canonical ?? absoluteUrl(path === '/' ? '/' : path, site)
  const image = absoluteUrl(seo.ogImage ?? site.defaultOgImage, site)
  const robots = seo.noindex ? 'noindex,nofollow' : 'index,follow'
  const meta = (key: 'name' | 'property', id: string, content: string): HeadTag => ({ kind: 'meta', attrs: { [key]: id, content } })
  const tags: HeadTag[] = [
    meta('name', 'robots', robots),
    ...(seo.keywords?.length ? [meta('name', 'keywords', seo.keywords.join(', '))] : []),
    { kind: 'link', attrs: { rel: 'canonical', href: canonical } },
    meta('property', 'og:type', 'website'),
    meta('property', 'og:url', canonical),
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:locale', 'es_ES'),
    meta('property', 'og:image:alt', title),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', seo.description),
    meta('name', 'twitter:image', image),
  ]
  return { title, description: seo.description, image, canonical, robots, tags }
}
