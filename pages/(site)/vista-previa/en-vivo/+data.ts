import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { livePreviewData } from '#src/pageData/draft.server.ts'

/** Rendered only for a request that carries a draft and a token the database takes for staff; else the 404 page. */
export async function data(pageContext: PageContextServer) {
  const request = pageContext.livePreview
  const found = request && (await livePreviewData(request))
  if (!found) throw render(404)
  return found
}
