import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { tagPageData } from '#src/pageData/load.server.ts'

export async function data(pageContext: PageContextServer) {
  const found = await tagPageData(pageContext.routeParams.tag!, 1)
  if (!found) throw render(404)
  return found
}
