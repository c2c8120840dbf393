import { blogRoutes } from '../../../../src/cms/blog.server'
import { postPath } from '../../../../src/blog/paths'

export const onBeforePrerenderStart = async () => (await blogRoutes()).posts.map((p) => postPath(p.slug))
