/**
 * What the site shows in a page's head for the form's current values: the site's own head function
 * (src/seo/head.ts) with the form as the override layer, so each empty field shows the page's own value —
 * the placeholder that tells staff what they would override.
 */
import type { Site } from '../../siteContent/schema'
import { resolveHead } from '../../seo/head'
import type { SeoRecord, SeoTextField } from './seoRecord'
import type { SeoPage } from './seoPages'

export type LiveHead = Record<SeoTextField, string> & { robots: string }

export function liveHead(page: SeoPage, record: SeoRecord, site: Site): LiveHead {
  const head = resolveHead(page.path, page.seo, site, record)
  return {
    meta_title: head.title,
    meta_description: head.description,
    keywords: head.keywords,
    canonical_url: head.canonical,
    og_title: head.ogTitle,
    og_description: head.ogDescription,
    og_image: head.ogImage,
    twitter_title: head.twitterTitle,
    twitter_description: head.twitterDescription,
    twitter_image: head.twitterImage,
    robots: head.robots,
  }
}
