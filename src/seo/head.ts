/**
 * All head data of a public page, computed by one pure function in three layers (docs/decisions/0021-head-layers.md):
 * the business defaults (content/site.yaml: brand, default image), the page's own SEO (its content file,
 * or what a post, tag or dynamic page says about itself), and the staff's override (a seo_metadata row
 * from the admin's SEO tab). An empty override field falls back to the page's value. The public pages
 * render `tags` (src/seo/HeadTags.tsx); the admin's SEO tab shows `resolveHead` as each field's placeholder.
 */
import { socialImageUrl } from '../lib/imageVariants'
import type { Site } from '../siteContent/schema'
import type { SeoOverride } from '../cms/types'

export interface HeadTag {
  kind: 'title' | 'meta' | 'link'
  attrs: Record<string, string>
}

/** What a page says about itself: the middle layer. */
export interface PageSeo {
  /** The page's own title; the site's pattern adds the brand. */
  title: string
  description: string
  keywords?: string[]
  /** A site path or an absolute URL. */
  ogImage?: string
  canonical?: string
  noindex?: boolean
  /** A blog post is an Open Graph article with its dates and tags. */
  article?: { publishedTime: string; modifiedTime: string; tags: string[] }
}

/** Every value the head will carry, resolved through the layers. */
export interface ResolvedHead {
  title: string
  description: string
  keywords: string
  canonical: string
  ogTitle: string
  ogDescription: string
  /** Absolute URLs. */
  ogImage: string
  twitterTitle: string
  twitterDescription: string
  twitterImage: string
  robots: string
  noindex: boolean
}

export interface HeadData extends ResolvedHead {
  tags: HeadTag[]
}

/** "{title} | {brand} {city}" unless the title already holds the brand. */
export function pageTitle(title: string, site: Pick<Site, 'brand' | 'city'>): string {
  return title.toLowerCase().includes(site.brand.toLowerCase()) ? title : `${title} | ${site.brand} ${site.city}`
}

export function absoluteUrl(pathOrUrl: string, site: Pick<Site, 'siteUrl'>): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${site.siteUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`
}

export function resolveHead(path: string, page: PageSeo, site: Site, override?: SeoOverride | null): ResolvedHead {
  const own = (value: string | null | undefined) => value?.trim() || undefined
  const o = override ?? {}
  // The staff's title is the whole <title>: they see it in full in the admin's search preview.
  const title = own(o.meta_title) ?? pageTitle(page.title, site)
  const description = own(o.meta_description) ?? page.description
  const ogTitle = own(o.og_title) ?? title
  const ogDescription = own(o.og_description) ?? description
  const ogImage = absoluteUrl(socialImageUrl(own(o.og_image) ?? page.ogImage ?? site.defaultOgImage), site)
  // A page that keeps itself out of search engines (its file says noindex) stays out whatever a row says.
  const noindex = Boolean(page.noindex || o.noindex)
  const nofollow = Boolean(page.noindex || o.nofollow)
  return {
    title,
    description,
    keywords: own(o.keywords) ?? page.keywords?.join(', ') ?? '',
    canonical: own(o.canonical_url) ?? page.canonical ?? absoluteUrl(path, site),
    ogTitle,
    ogDescription,
    ogImage,
    twitterTitle: own(o.twitter_title) ?? ogTitle,
    twitterDescription: own(o.twitter_description) ?? ogDescription,
    twitterImage: absoluteUrl(socialImageUrl(own(o.twitter_image) ?? ogImage), site),
    robots: `${noindex ? 'noindex' : 'index'},${nofollow ? 'nofollow' : 'follow'}`,
    noindex,
  }
}

export function buildHead(path: string, page: PageSeo, site: Site, override?: SeoOverride | null): HeadData {
  const head = resolveHead(path, page, site, override)
  const meta = (key: 'name' | 'property', id: string, content: string): HeadTag => ({ kind: 'meta', attrs: { [key]: id, content } })
  const article = page.article
  const tags: HeadTag[] = [
    { kind: 'title', attrs: { text: head.title } },
    meta('name', 'description', head.description),
    meta('name', 'robots', head.robots),
    ...(head.keywords ? [meta('name', 'keywords', head.keywords)] : []),
    { kind: 'link', attrs: { rel: 'canonical', href: head.canonical } },
    meta('property', 'og:type', article ? 'article' : 'website'),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:site_name', site.brand),
    meta('property', 'og:locale', 'es_ES'),
    meta('property', 'og:title', head.ogTitle),
    meta('property', 'og:description', head.ogDescription),
    meta('property', 'og:image', head.ogImage),
    meta('property', 'og:image:alt', head.ogTitle),
    ...(article
      ? [
          meta('property', 'article:published_time', article.publishedTime),
          meta('property', 'article:modified_time', article.modifiedTime),
          ...article.tags.map((tag) => meta('property', 'article:tag', tag)),
        ]
      : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', head.twitterTitle),
    meta('name', 'twitter:description', head.twitterDescription),
    meta('name', 'twitter:image', head.twitterImage),
  ]
  return { ...head, tags }
}
