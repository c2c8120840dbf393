import { blogRoutes } from '#src/cms/blog.server.ts'
import { postPath } from '#src/blog/paths.ts'

export const onBeforePrerenderStart = async () => (await blogRoutes()).posts.map((p) => postPath(p.slug))
