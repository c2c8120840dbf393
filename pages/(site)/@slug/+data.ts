import { render } from 'vike/abort'
import type { PageContextServer } from 'vike/types'
import { contentPageData, dynamicPageData } from '#src/pageData/load.server.ts'

/** A page of content/ (service or legal) or, failing that, a page published from the CMS. */
export async function data(pageContext: PageContextServer) {
  const slug = pageContext.routeParams.slug!
  const page = (slug !== '' && (await contentPageData(`/${slug}`))) || (await dynamicPageData(slug))
  if (!page || page.path === '/') throw render(404)
  return page
}
