import { blogRoutes } from '#src/cms/blog.server.ts'
import { tagPath } from '#src/blog/paths.ts'

export const onBeforePrerenderStart = async () => (await blogRoutes()).tags.map((t) => tagPath(t.slug))
