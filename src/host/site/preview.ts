// A staff preview of a post (pages/(site)/blog/vista-previa): the admin posts the staff member's access
// token and the post's id in a form to this path, so the token never sits in a URL, a log or a history.
// The page then reads the post with that token: row-level security decides whether a draft is shown.
import type { IncomingMessage } from 'node:http'

export { PREVIEW_PATH } from '../../blog/paths.ts'
const MAX_FORM_BYTES = 16 * 1024

export interface PreviewRequest {
  accessToken: string
  postId: string
}

/** The form's token and post id, or null when the request carries no usable form. */
export async function readPreviewForm(req: IncomingMessage): Promise<PreviewRequest | null> {
  if (!/^application\/x-www-form-urlencoded\b/i.test(req.headers['content-type'] ?? '')) return null
  let size = 0
  const chunks: Buffer[] = []
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_FORM_BYTES) return null
    chunks.push(chunk)
  }
  const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'))
  const accessToken = form.get('access_token') ?? ''
  const postId = form.get('id') ?? ''
  return accessToken && /^[0-9a-f-]{36}$/i.test(postId) ? { accessToken, postId } : null
}
