import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { postPageData } from '#src/pageData/load.server.ts'

export async function data(pageContext: PageContextServer) {
  const found = await postPageData({ slug: pageContext.routeParams.slug! })
  if (!found) throw render(404)
  return found
}
