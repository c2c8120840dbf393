import { blogRoutes } from '#src/cms/blog.server.ts'
import { blogPagePath } from '#src/blog/paths.ts'

// /blog/pagina/2 … the last page (page 1 is /blog).
export const onBeforePrerenderStart = async () => {
  const { pageCount } = await blogRoutes()
  return Array.from({ length: pageCount - 1 }, (_, i) => blogPagePath(i + 2))
}
