import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { cmsClientFor } from '#src/cms/backend.server.ts'
import { postPageData } from '#src/pageData/load.server.ts'

/**
 * The preview reads with the requester's own token, so row-level security decides: staff see drafts,
 * anyone else nothing but what is already public. No token (a plain visit) is the 404 page.
 */
export async function data(pageContext: PageContextServer) {
  const request = pageContext.previewRequest
  const client = request && cmsClientFor(request.accessToken)
  const found = client && (await postPageData({ id: request.postId, client }).catch(() => null))
  if (!found) throw render(404)
  return found
}
