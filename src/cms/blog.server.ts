/**
 * The blog as the public site reads it: published posts and their tags, through PostgREST as the
 * anonymous role (./backend.server.ts). Rows are checked against the site's rules before they are shown;
 * one that breaks them is skipped with a warning, never a broken page or build.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { z } from 'zod'
import { renderMarkdownOffThread, renderMarkdownUncached, renderedVersion, type RenderedMarkdown } from '../blog/markdown.server'
import { POSTS_PER_PAGE, FEED_SIZE } from '../blog/paths'
import { postSummary } from '../blog/text'
import type { Database, Tables } from '../lib/database.types'
import { isImageUrl } from '../lib/imageUrl'
import { isSlug } from '../lib/slug'
import { cmsClient, rows, skipRow } from './backend.server'
import type { Post, PostSummary, TagRef } from './types'

// No body: a post's rendered body is found by its row's version (bodies below), so a listing reads a post's
// Markdown only when the post changed, not a megabyte per long post on every page that lists it.
const SUMMARY_COLUMNS = 'id,slug,title,excerpt,featured_image,published_at,updated_at,tags:blog_tags(slug,name)'

// The schemas add the site's rules to the columns' types; `satisfies` ties them to the generated row types,
// so a renamed or retyped column fails the typecheck here (docs/decisions/0070-generated-database-types.md).
const tagSchema = z.object({
  slug: z.string().refine(isSlug, 'slug no válido'),
  name: z.string().trim().min(1, 'nombre vacío'),
}) satisfies z.ZodType<Pick<Tables<'blog_tags'>, 'slug' | 'name'>>

/** A post as read with SUMMARY_COLUMNS: the compiler checks that the query returns these columns. */
type PostQueryRow = Pick<Tables<'blog_posts'>, 'id' | 'slug' | 'title' | 'excerpt' | 'featured_image' | 'published_at' | 'updated_at'> & {
  tags: unknown[]
}

const postRowSchema = z.object({
  id: z.string(),
  slug: z.string().refine(isSlug, 'slug no válido'),
  title: z.string().trim().min(1, 'título vacío'),
  excerpt: z.string().nullable(),
  featured_image: z.string().nullable(),
  published_at: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'fecha de publicación no válida'),
  updated_at: z.string(),
  tags: z.array(z.unknown()).default([]),
}) satisfies z.ZodType<PostQueryRow>

export interface BlogListing {
  posts: PostSummary[]
  page: number
  pageCount: number
}

/** One state of a post's row: its update time changes with every write (the set_updated_at trigger). */
const version = (row: { id: string; updated_at: string }) => `blog_posts/${row.id}@${row.updated_at}`

/**
 * The rendered bodies of `posts`, by id: those rendered at their current version come from the cache
 * (src/blog/markdown.server.ts); the others' Markdown is read in one query and rendered off the event loop.
 * A post that vanished or was unpublished in between has none (and is left out).
 */
async function bodies(client: SupabaseClient<Database>, posts: PostQueryRow[], siteUrl: string): Promise<Map<string, Promise<RenderedMarkdown>>> {
  const found = new Map<string, Promise<RenderedMarkdown>>()
  const missing: string[] = []
  for (const post of posts) {
    const hit = renderedVersion(version(post), { siteUrl })
    if (hit) found.set(post.id, hit)
    else missing.push(post.id)
  }
  if (missing.length === 0) return found
  const read = rows(await client.from('blog_posts').select('id,updated_at,content').in('id', missing), 'cuerpos de las entradas')
  for (const row of read) found.set(row.id, renderMarkdownOffThread(row.content, { siteUrl }, version(row)))
  return found
}

async function toPost(raw: PostQueryRow, body: Promise<RenderedMarkdown> | undefined): Promise<Post | null> {
  const parsed = postRowSchema.safeParse(raw)
  if (!parsed.success) {
    skipRow('blog_posts', raw, parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '))
    return null
  }
  if (!body) return null
  const row = parsed.data
  const { html, excerpt, readingMinutes } = await body
  if (row.featured_image && !isImageUrl(row.featured_image))
    skipRow('blog_posts.featured_image', row, 'la imagen no es una URL http(s) ni una ruta del sitio: no se muestra')
  return {
    id: row.id,
    slug: row.slug,
    title: row.title.trim(),
    excerpt: postSummary(row.excerpt, excerpt),
    featuredImage: row.featured_image && isImageUrl(row.featured_image) ? row.featured_image : null,
    publishedAt: new Date(row.published_at).toISOString(),
    updatedAt: new Date(row.updated_at).toISOString(),
    readingMinutes,
    tags: toTags(row.tags),
    html,
  }
}

function toTags(raw: unknown[]): TagRef[] {
  return raw
    .flatMap((t) => {
      const tag = tagSchema.safeParse(t)
      if (!tag.success) skipRow('blog_tags', t, tag.error.issues[0]!.message)
      return tag.success ? [{ slug: tag.data.slug, name: tag.data.name.trim() }] : []
    })
    .sort((a, b) => a.name.localeCompare(b.name, 'es'))
}

async function summaries(client: SupabaseClient<Database>, raw: PostQueryRow[], siteUrl: string): Promise<PostSummary[]> {
  const rendered = await bodies(client, raw, siteUrl)
  const posts = await Promise.all(raw.map((r) => toPost(r, rendered.get(r.id))))
  return posts.flatMap((post) => {
    if (!post) return []
    const { html: _html, ...summary } = post
    return [summary]
  })
}

const published = <Columns extends string>(client: SupabaseClient<Database>, columns: Columns, count?: 'exact') =>
  client
    .from('blog_posts')
    .select(columns, count ? { count } : undefined)
    .eq('published', true)
    .order('published_at', { ascending: false })
    .order('id')

/** Page `page` (from 1) of the blog; null past the last page (page 1 always exists, empty or not). */
export async function blogListing(siteUrl: string, page: number): Promise<BlogListing | null> {
  const client = cmsClient()
  if (!client) return page === 1 ? { posts: [], page: 1, pageCount: 1 } : null
  const from = (page - 1) * POSTS_PER_PAGE
  const result = await published(client, SUMMARY_COLUMNS, 'exact').range(from, from + POSTS_PER_PAGE - 1)
  // Past the end PostgREST answers 416 (PGRST103): that page does not exist.
  if (result.error && result.status === 416) return null
  const data = rows(result, 'entradas del blog')
  const pageCount = Math.max(1, Math.ceil((result.count ?? 0) / POSTS_PER_PAGE))
  if (page > pageCount) return null
  return { posts: await summaries(client, data, siteUrl), page, pageCount }
}

/** A tag's page: its published posts, newest first; null when the tag has none (a 404). */
export async function tagListing(siteUrl: string, slug: string, page: number): Promise<(BlogListing & { tag: TagRef }) | null> {
  const client = cmsClient()
  if (!client || !isSlug(slug)) return null
  const tag = rows(await client.from('blog_tags').select('slug,name').eq('slug', slug).maybeSingle(), 'etiqueta')
  if (!tag || !tagSchema.safeParse(tag).success) return null
  const from = (page - 1) * POSTS_PER_PAGE
  const result = await published(client, `${SUMMARY_COLUMNS},tagged:blog_tags!inner(slug)`, 'exact')
    .eq('tagged.slug', slug)
    .range(from, from + POSTS_PER_PAGE - 1)
  if (result.error && result.status === 416) return null
  const posts = await summaries(client, rows(result, `entradas de la etiqueta ${slug}`), siteUrl)
  const pageCount = Math.ceil((result.count ?? 0) / POSTS_PER_PAGE)
  if (posts.length === 0 || page > pageCount) return null
  return { tag: tag, posts, page, pageCount }
}

/**
 * A post's page: the post and up to three related ones (most tags in common, then newest). `client` is
 * the anonymous one, or a staff member's for a preview (then drafts are readable, by their rights).
 */
export async function postPage(
  siteUrl: string,
  find: { slug: string } | { id: string },
  client: SupabaseClient<Database> | null = cmsClient(),
): Promise<{ post: Post; related: PostSummary[] } | null> {
  if (!client) return null
  let query = client.from('blog_posts').select(SUMMARY_COLUMNS)
  query = 'slug' in find ? query.eq('slug', find.slug).eq('published', true) : query.eq('id', find.id)
  const row = rows(await query.maybeSingle(), 'entrada del blog')
  if (!row) return null
  // A draft (previewed by staff) has no publication date yet: it shows as if published now.
  const rendered = await bodies(client, [row], siteUrl)
  const post = await toPost({ ...row, published_at: row.published_at ?? new Date().toISOString() }, rendered.get(row.id))
  if (!post) return null
  return { post, related: await relatedPosts(client, post, siteUrl) }
}

/** A post as a member of staff is writing it, before it is saved (the fields the live preview sends). */
export interface PostDraftFields {
  id: string
  slug: string
  title: string
  excerpt: string | null
  featuredImage: string | null
  content: string
  tagIds: string[]
}

/**
 * The live preview's post (src/pageData/draft.server.ts): the draft's fields as if published now, its body
 * rendered off the event loop and never cached, its tags and related posts read with the staff member's
 * client. The caller hands valid fields (the preview lists what the save would refuse), so no row is skipped.
 */
export async function draftPostPage(
  siteUrl: string,
  draft: PostDraftFields,
  client: SupabaseClient<Database>,
): Promise<{ post: Post; related: PostSummary[] } | null> {
  const tags = draft.tagIds.length ? rows(await client.from('blog_tags').select('slug,name').in('id', draft.tagIds), 'etiquetas') : []
  const now = new Date().toISOString()
  const row = { ...draft, featured_image: draft.featuredImage, published_at: now, updated_at: now, tags }
  const post = await toPost(row, renderMarkdownUncached(draft.content, { siteUrl }))
  return post && { post, related: await relatedPosts(client, post, siteUrl) }
}

async function relatedPosts(client: SupabaseClient<Database>, post: Post, siteUrl: string): Promise<PostSummary[]> {
  const shared = (p: PostSummary) => p.tags.filter((t) => post.tags.some((own) => own.slug === t.slug)).length
  const candidates = post.tags.length
    ? await summaries(
        client,
        rows(
          await published(client, `${SUMMARY_COLUMNS},tagged:blog_tags!inner(slug)`)
            .in(
              'tagged.slug',
              post.tags.map((t) => t.slug),
            )
            .neq('id', post.id)
            .limit(24),
          'entradas relacionadas',
        ),
        siteUrl,
      )
    : []
  const ranked = candidates.sort((a, b) => shared(b) - shared(a) || b.publishedAt.localeCompare(a.publishedAt)).slice(0, 3)
  if (ranked.length === 3) return ranked
  const newest = await summaries(
    client,
    rows(
      await published(client, SUMMARY_COLUMNS)
        .neq('id', post.id)
        .limit(3 + ranked.length),
      'últimas entradas',
    ),
    siteUrl,
  )
  return [...ranked, ...newest.filter((p) => !ranked.some((r) => r.id === p.id))].slice(0, 3)
}

/** The feed's posts: the latest published ones. */
export async function feedPosts(siteUrl: string): Promise<PostSummary[]> {
  const client = cmsClient()
  if (!client) return []
  return await summaries(client, rows(await published(client, SUMMARY_COLUMNS).limit(FEED_SIZE), 'entradas del feed'), siteUrl)
}

export interface BlogRoutes {
  posts: { slug: string; updatedAt: string }[]
  /** Tags with at least one published post, with their number of pages. */
  tags: { slug: string; updatedAt: string; pageCount: number }[]
  pageCount: number
}

/** Every blog URL that exists now, for the sitemap and the prerender: no bodies are read. */
export async function blogRoutes(): Promise<BlogRoutes> {
  const client = cmsClient()
  if (!client) return { posts: [], tags: [], pageCount: 1 }
  const data = rows(await published(client, 'slug,updated_at,tags:blog_tags(slug)'), 'rutas del blog')
  const valid = data.filter((p) => isSlug(p.slug))
  const tags = new Map<string, { updatedAt: string; posts: number }>()
  for (const post of valid) {
    for (const { slug } of post.tags) {
      if (!isSlug(slug)) continue
      const seen = tags.get(slug) ?? { updatedAt: '', posts: 0 }
      tags.set(slug, { updatedAt: seen.updatedAt < post.updated_at ? post.updated_at : seen.updatedAt, posts: seen.posts + 1 })
    }
  }
  return {
    posts: valid.map((p) => ({ slug: p.slug, updatedAt: new Date(p.updated_at).toISOString() })),
    tags: [...tags].map(([slug, t]) => ({ slug, updatedAt: new Date(t.updatedAt).toISOString(), pageCount: Math.ceil(t.posts / POSTS_PER_PAGE) })),
    pageCount: Math.max(1, Math.ceil(valid.length / POSTS_PER_PAGE)),
  }
}
