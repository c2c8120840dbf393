import { blogRoutes } from '../../../../../src/cms/blog.server'
import { tagPath } from '../../../../../src/blog/paths'

export const onBeforePrerenderStart = async () => (await blogRoutes()).tags.map((t) => tagPath(t.slug))
