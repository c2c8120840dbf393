// The live preview's request (src/pageData/livePreview.ts): the unsaved form as JSON, the staff member's
// access token in the Authorization header, so neither sits in a URL, a log or a history. The token is not
// checked here: the page reads with it, and the database decides whether it is staff's.
import type { IncomingMessage } from 'node:http'
import { MAX_PREVIEW_BYTES, previewDraftSchema, type LivePreviewRequest } from '../../pageData/livePreview.ts'

export { LIVE_PREVIEW_PATH } from '../../pageData/livePreview.ts'

/** The request's token and draft, or null when it carries no usable pair (the answer is then the 404 page). */
export async function readLivePreview(req: IncomingMessage): Promise<LivePreviewRequest | null> {
  const accessToken = /^Bearer (\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? '')) return null
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_PREVIEW_BYTES) return null
    chunks.push(chunk)
  }
  if (!accessToken) return null
  try {
    const draft = previewDraftSchema.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')))
    return draft.success ? { accessToken, draft: draft.data } : null
  } catch {
    return null
  }
}
