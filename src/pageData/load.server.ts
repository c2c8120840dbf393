/**
 * The server hooks' one entry: the data of each kind of public page, from the content files (the
 * defaults) and the CMS (the overrides and the blog), read as anon. Each returns null when the page does
 * not exist, which the hooks answer with the 404 page.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import { blogListing, postPage, tagListing, type BlogListing } from '../cms/blog.server'
import { dynamicPage, menuRows, seoOverride, textBlocks, type DynamicPage } from '../cms/site.server'
import { blogIndexSeo, blogPostSeo, blogTagSeo } from '../seo/blog'
import { BLOG_PATH, blogPagePath, postPath, tagPagePath } from '../blog/paths'
import { buildNav } from '../siteContent/menu'
import { applyTextBlocks, pageKeyOf, type TextBlock } from '../siteContent/places'
import { defaultNav, findEntry, navigation, redirects, sectionIdsOf, site } from '../siteContent/registry.server'
import { cmsPageSeo } from '../seo/cmsPageSeo'
import { socialImageUrl } from '../lib/imageVariants'
import { absoluteUrl, buildHead, type PageSeo } from '../seo/head'
import type { JsonLdPage } from '../seo/jsonld'
import type { Post, PostSummary } from '../cms/types'
import type { PageData } from './types'

type Own = Pick<JsonLdPage, 'kind' | 'name' | 'trail' | 'article'> & { seo: PageSeo; sectionIds?: string[] }

/** A page's own part of PageData, one variant of the union at a time: what assemble does not add. */
type Variant<P = PageData> = P extends unknown ? Omit<P, 'path' | 'head' | 'nav' | 'sectionIds' | 'jsonLd'> : never

/** The header's navigation: the CMS's menu, or the default one while the table is empty. */
export async function headerNav() {
  const rowsOfMenu = await menuRows()
  return rowsOfMenu ? buildNav(rowsOfMenu, navigation.megaMenu.fallbackHref) : defaultNav
}

/** What every page shares: the header menu and the head, with the staff's SEO override on top. */
async function assemble(path: string, own: Own, data: Variant): Promise<PageData> {
  const legacyPaths = Object.entries(redirects)
    .filter(([, to]) => to === path)
    .map(([from]) => from)
  const [nav, override] = await Promise.all([headerNav(), seoOverride(path, legacyPaths)])
  const head = buildHead(path, own.seo, site, override)
  return {
    path,
    head,
    nav,
    sectionIds: own.sectionIds ?? ['contacto'],
    jsonLd: { path, kind: own.kind, name: own.name, description: head.description, url: head.canonical, trail: own.trail, article: own.article },
    ...data,
  }
}

/**
 * A page of content/: a landing page with the CMS's text blocks in their places, or a legal text. The live
 * preview (./draft.server.ts) gives the blocks as staff are editing them, and gets a noindex head.
 */
export async function contentPageData(path: string, draftBlocks?: readonly TextBlock[]): Promise<PageData | null> {
  const entry = findEntry(path)
  if (!entry) return null
  const seo = draftBlocks ? { ...entry.data.seo, noindex: true } : entry.data.seo
  const own = { name: entry.data.name, seo, sectionIds: sectionIdsOf(entry) }
  if (entry.kind === 'legal') return assemble(path, { ...own, kind: 'legal' }, { kind: 'legal' })
  const landing = applyTextBlocks(entry.data, draftBlocks ?? (await textBlocks(pageKeyOf(path))))
  return assemble(path, { ...own, kind: entry.kind }, { kind: entry.kind, landing })
}

const blogCrumb = () => [{ name: 'Blog', url: absoluteUrl(BLOG_PATH, site) }]

export async function blogPageData(page: number): Promise<PageData | null> {
  const listing = await blogListing(site.siteUrl, page)
  if (!listing) return null
  return assemble(blogPagePath(page), { kind: 'blog', name: 'Blog', seo: blogIndexSeo(site, page) }, { kind: 'blog', listing })
}

export async function tagPageData(slug: string, page: number): Promise<PageData | null> {
  const found = await tagListing(site.siteUrl, slug, page)
  if (!found) return null
  const { tag, ...listing } = found
  const path = tagPagePath(slug, page)
  return assemble(
    path,
    { kind: 'tag', name: tag.name, seo: blogTagSeo(tag), trail: blogCrumb() },
    { kind: 'tag', tag, listing: listing satisfies BlogListing },
  )
}

/** A published post by slug, or (preview) any post by id read with a staff member's client. */
export async function postPageData(find: { slug: string } | { id: string; client: SupabaseClient<Database> }): Promise<PageData | null> {
  const found = 'slug' in find ? await postPage(site.siteUrl, find) : await postPage(site.siteUrl, { id: find.id }, find.client)
  return found && postPageOf(found, !('slug' in find))
}

/** A post's page from its post and related posts; a preview (of a draft, by staff) has a noindex head. */
export async function postPageOf({ post, related }: { post: Post; related: PostSummary[] }, preview: boolean): Promise<PageData> {
  const seo = blogPostSeo({
    title: post.title,
    summary: post.excerpt,
    featuredImage: post.featuredImage,
    publishedAt: post.publishedAt,
    updatedAt: post.updatedAt,
    tags: post.tags.map((t) => t.name),
  })
  const data = await assemble(
    postPath(post.slug),
    {
      kind: 'post',
      name: post.title,
      seo: preview ? { ...seo, noindex: true } : seo,
      trail: blogCrumb(),
      article: {
        datePublished: post.publishedAt,
        dateModified: post.updatedAt,
        image: absoluteUrl(socialImageUrl(post.featuredImage ?? site.defaultOgImage), site),
      },
    },
    { kind: 'post', post, related, preview },
  )
  return data
}

/** A page staff published from the Páginas tab, at /{slug}. */
export async function dynamicPageData(slug: string): Promise<PageData | null> {
  const page = await dynamicPage(slug)
  return page && dynamicPageOf(page, false)
}

/** A dynamic page's page data; a preview has a noindex head. */
export function dynamicPageOf(page: DynamicPage, preview: boolean): Promise<PageData> {
  const seo = cmsPageSeo(page, site)
  return assemble(`/${page.slug}`, { kind: 'page', name: page.title, seo: preview ? { ...seo, noindex: true } : seo }, { kind: 'page', page })
}
