import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { tagPath } from '#src/blog/paths.ts'
import { pageNumber } from '#src/blog/pageNumber.ts'
import { tagPageData } from '#src/pageData/load.server.ts'

export async function data(pageContext: PageContextServer) {
  const { tag, page: param } = pageContext.routeParams as { tag: string; page: string }
  const page = pageNumber(param)
  if (page === 1) throw redirect(tagPath(tag), 301)
  const found = page && (await tagPageData(tag, page))
  if (!found) throw render(404)
  return found
}
