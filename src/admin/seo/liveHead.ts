/**
 * What the site shows in a page's head for the form's current values: each empty field of the form falls
 * back to the page's own value, so these are the placeholders that tell staff what they would override.
 */
import type { Site } from '../../content/schema'
import { absoluteUrl, pageTitle } from '../../seo/head'
import type { SeoRecord, SeoTextField } from './seoRecord'
import type { SeoPage } from './seoPages'

export type LiveHead = Record<SeoTextField, string> & { robots: string }

export function liveHead(page: SeoPage, record: SeoRecord, site: Site): LiveHead {
  const own = (field: SeoTextField) => record[field].trim() || undefined
  const title = own('meta_title') ?? pageTitle(page.seo.title, site)
  const description = own('meta_description') ?? page.seo.description
  const ogTitle = own('og_title') ?? title
  const ogDescription = own('og_description') ?? description
  const ogImage = absoluteUrl(own('og_image') ?? page.seo.ogImage ?? site.defaultOgImage, site)
  return {
    meta_title: title,
    meta_description: description,
    keywords: own('keywords') ?? page.seo.keywords?.join(', ') ?? '',
    canonical_url: own('canonical_url') ?? page.seo.canonical ?? absoluteUrl(page.path, site),
    og_title: ogTitle,
    og_description: ogDescription,
    og_image: ogImage,
    twitter_title: own('twitter_title') ?? ogTitle,
    twitter_description: own('twitter_description') ?? ogDescription,
    twitter_image: absoluteUrl(own('twitter_image') ?? ogImage, site),
    robots: `${record.noindex ? 'noindex' : 'index'},${record.nofollow ? 'nofollow' : 'follow'}`,
  }
}
