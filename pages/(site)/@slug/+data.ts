import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { pageData } from '../../../src/content/page'

export function data(pageContext: PageContextServer) {
  const page = pageData(`/${pageContext.routeParams.slug}`)
  if (!page || page.path === '/') throw render(404)
  return page
}
