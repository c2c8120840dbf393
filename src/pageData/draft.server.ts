/**
 * The page data of the live preview (./livePreview.ts): a draft as the public page would render it. The
 * staff member's token reads everything, so row-level security decides: a caller the database does not
 * take for staff gets nothing of the draft. The draft is checked with the rules and messages the save
 * uses, and what the save would refuse is listed on the preview (`problems`) instead of failing it.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeError } from '../cms/errors'
import { postErrors } from '../cms/posts'
import { checkPageContent, parsePageContent } from '../cms/pageContent'
import { draftPostPage } from '../cms/blog.server'
import { cmsClientFor } from '../cms/backend.server'
import type { Database } from '../lib/database.types'
import { isImageUrl } from '../lib/imageUrl'
import { isSlug, slugOrTitle } from '../lib/slug'
import { parseBlocks } from '../siteContent/blocks'
import { site } from '../siteContent/registry.server'
import { contentPageData, dynamicPageOf, postPageOf } from './load.server'
import type { LivePreviewRequest, PreviewDraft } from './livePreview'
import type { PageData } from './types'

/** The preview's data: the page and what the save would refuse in it. */
export type LivePreviewData = PageData & { problems: string[] }

// Stands in for a draft's empty title, so the page still renders under the message that says it is missing.
const UNTITLED = 'Sin título'

/** The draft's page data, or null when the token is not a member of staff's (or the draft names no page). */
export async function livePreviewData({ accessToken, draft }: LivePreviewRequest): Promise<LivePreviewData | null> {
  const client = cmsClientFor(accessToken)
  if (!client) return null
  // The staff check runs beside the draft's own reads with the caller's token (whether its slug is taken), which
  // row-level security answers for anyone: one round trip less per keystroke's preview. Nothing is rendered
  // before the check says staff.
  const staff = isStaff(client)
  switch (draft.kind) {
    case 'post':
      return postPreview(draft, client, staff)
    case 'page':
      return pagePreview(draft, client, staff)
    case 'landing': {
      const data = (await staff) ? await contentPageData(draft.path, draft.blocks) : null
      return data && { ...data, problems: [] }
    }
  }
}

/** Asked of the database with the caller's token: a forged or expired token is refused there, and is no staff. */
async function isStaff(client: SupabaseClient<Database>): Promise<boolean> {
  const { data, error } = await client.rpc('is_staff')
  return !error && data === true
}

/** Whether another row of `table` has the slug (staff read drafts too), said as the save would say it. */
async function slugTaken(client: SupabaseClient<Database>, table: 'blog_posts' | 'pages', slug: string, ownId: string | undefined) {
  let query = client.from(table).select('id').eq('slug', slug).limit(1)
  if (ownId) query = query.neq('id', ownId)
  const { data } = await query
  if (!data?.length) return []
  return [
    describeError(
      { code: '23505', message: `duplicate key value violates unique constraint "${table}_slug_key"` },
      table === 'pages' ? 'una página' : 'una entrada',
    ),
  ]
}

async function postPreview(
  draft: Extract<PreviewDraft, { kind: 'post' }>,
  client: SupabaseClient<Database>,
  staff: Promise<boolean>,
): Promise<LivePreviewData | null> {
  const errors = postErrors({ title: draft.title, slug: draft.slug, featured_image: draft.featuredImage })
  const slug = slugOrTitle(draft.slug, draft.title)
  const [isStaffMember, taken] = await Promise.all([staff, errors.slug ? [] : slugTaken(client, 'blog_posts', slug, draft.id)])
  if (!isStaffMember) return null
  const problems = [
    ...(!draft.title.trim() || !draft.content.trim() ? ['El título y contenido son obligatorios'] : []),
    ...Object.values(errors),
    ...taken,
  ]
  const image = draft.featuredImage.trim()
  const found = await draftPostPage(
    site.siteUrl,
    {
      // A post not saved yet has no id: the nil UUID is no row's, so every published post may be related.
      id: draft.id ?? '00000000-0000-0000-0000-000000000000',
      slug: isSlug(slug) ? slug : 'borrador',
      title: draft.title.trim() || UNTITLED,
      excerpt: draft.excerpt.trim() || null,
      featuredImage: image && isImageUrl(image) ? image : null,
      content: draft.content,
      tagIds: draft.tagIds,
    },
    client,
  )
  if (!found) return null
  // The page as visitors will see it: without the bar the opened-in-a-tab preview shows (the pane says it is one).
  const data = await postPageOf(found, true)
  return { ...(data.kind === 'post' ? { ...data, preview: false } : data), problems }
}

async function pagePreview(
  draft: Extract<PreviewDraft, { kind: 'page' }>,
  client: SupabaseClient<Database>,
  staff: Promise<boolean>,
): Promise<LivePreviewData | null> {
  const slug = draft.slug.trim()
  const [isStaffMember, taken] = await Promise.all([staff, slug && isSlug(slug) ? slugTaken(client, 'pages', slug, draft.id) : []])
  if (!isStaffMember) return null
  const check = checkPageContent(draft.contentText)
  const problems = [...(!draft.title.trim() || !slug ? ['El título y slug son obligatorios'] : []), ...(check.ok ? [] : check.errors), ...taken]
  // The valid blocks render, as the public page renders a stored page (src/cms/site.server.ts); JSON that is
  // no list renders none, and the problems say why.
  const parsed = parsePageContent(draft.contentText)
  const blocks = parsed.ok ? parseBlocks(parsed.value).blocks : []
  const page = { slug: isSlug(slug) ? slug : 'borrador', title: draft.title.trim() || UNTITLED, blocks, updatedAt: new Date().toISOString() }
  return { ...(await dynamicPageOf(page, true)), problems }
}
