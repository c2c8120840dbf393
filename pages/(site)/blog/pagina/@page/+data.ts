import { redirect, render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { BLOG_PATH } from '#src/blog/paths.ts'
import { pageNumber } from '#src/blog/pageNumber.ts'
import { blogPageData } from '#src/pageData/load.server.ts'

export async function data(pageContext: PageContextServer) {
  const page = pageNumber(pageContext.routeParams.page!)
  if (page === 1) throw redirect(BLOG_PATH, 301)
  const found = page && (await blogPageData(page))
  if (!found) throw render(404)
  return found
}
