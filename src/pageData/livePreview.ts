/**
 * The live preview beside the admin's editors (docs/decisions/0100-live-preview.md): the admin posts the
 * unsaved form, as JSON, with the staff member's access token in the Authorization header, to this path;
 * `npm start` renders it with the public site's own renderer and components (src/host/site/liveSite.ts)
 * and answers the HTML, never cached, never counted. What the admin sends, by editor:
 */
import { z } from 'zod'

export const LIVE_PREVIEW_PATH = '/vista-previa/en-vivo'

/** Blog: the post form's fields. */
export interface PostPreviewDraft {
  kind: 'post'
  /** The post's id once saved: its own slug is not "taken", and it is not its own related post. */
  id?: string
  title: string
  slug: string
  excerpt: string
  content: string
  featuredImage: string
  tagIds: string[]
}

/** Páginas: the page form's fields; `contentText` is the JSON of its blocks, as the form holds it. */
export interface PagePreviewDraft {
  kind: 'page'
  id?: string
  title: string
  slug: string
  contentText: string
}

/** Textos: a landing page with the texts that replace its file's, the one being edited included. */
export interface LandingPreviewDraft {
  kind: 'landing'
  path: string
  blocks: { section: string; key: string; content: string }[]
}

export type PreviewDraft = PostPreviewDraft | PagePreviewDraft | LandingPreviewDraft

/** The largest JSON body the endpoint reads: a post of a few megabytes, with room for its other fields. */
export const MAX_PREVIEW_BYTES = 4 * 1024 * 1024

const id = z.string().uuid().optional()
const line = z.string().max(2000)

/** The endpoint's body, checked by the server: what the types above describe, nothing else. */
export const previewDraftSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('post'),
    id,
    title: line,
    slug: line,
    excerpt: z.string().max(20_000),
    content: z.string(),
    featuredImage: line,
    tagIds: z.array(z.string().uuid()).max(200),
  }),
  z.object({ kind: z.literal('page'), id, title: line, slug: line, contentText: z.string() }),
  z.object({
    kind: z.literal('landing'),
    path: line,
    blocks: z.array(z.object({ section: line, key: line, content: z.string().max(20_000) })).max(500),
  }),
]) satisfies z.ZodType<PreviewDraft>

/** What the server renders the preview from: the draft and the token it reads with. */
export interface LivePreviewRequest {
  accessToken: string
  draft: PreviewDraft
}
