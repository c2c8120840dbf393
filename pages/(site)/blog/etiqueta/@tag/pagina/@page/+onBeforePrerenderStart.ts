import { blogRoutes } from '#src/cms/blog.server.ts'
import { tagPagePath } from '#src/blog/paths.ts'

// The second and later pages of each tag with more posts than one page holds.
export const onBeforePrerenderStart = async () =>
  (await blogRoutes()).tags.flatMap((t) => Array.from({ length: t.pageCount - 1 }, (_, i) => tagPagePath(t.slug, i + 2)))
