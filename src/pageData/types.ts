/**
 * What a public page's server hook (+data) hands its components and head: the page's own content with
 * the CMS's overrides applied, its head, its header menu. Computed on the server (at prerender, or by
 * `npm start` when the CMS changed); never shipped as JavaScript (public pages are HTML-only).
 */
import type { BlogListing } from '../cms/blog.server'
import type { DynamicPage } from '../cms/site.server'
import type { Post, PostSummary, TagRef } from '../cms/types'
import type { NavItem } from '../siteContent/menu'
import type { Landing } from '../siteContent/schema'
import type { HeadData } from '../seo/head'
import type { JsonLdPage } from '../seo/jsonld'

interface Common {
  path: string
  head: HeadData
  jsonLd: JsonLdPage
  /** The header's main navigation: the CMS's menu, or the default one. */
  nav: NavItem[]
  /** Section anchors on this page; links to other ids go to the home page. */
  sectionIds: string[]
}

export type PageData = Common &
  (
    | { kind: 'home' | 'service'; landing: Landing }
    | { kind: 'legal' }
    | { kind: 'blog'; listing: BlogListing }
    | { kind: 'tag'; listing: BlogListing; tag: TagRef }
    | { kind: 'post'; post: Post; related: PostSummary[]; preview: boolean }
    | { kind: 'page'; page: DynamicPage }
  )

export type PageKind = PageData['kind']
