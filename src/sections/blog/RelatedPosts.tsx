import type { PostSummary } from '../../cms/types'
import { SectionHeading, SectionShell } from '../SectionHeading'
import { PostGrid } from './PostGrid'

/** Up to three other posts under the article (the loader picks them: shared tags first, then newest). */
export function RelatedPosts({ posts }: { posts: PostSummary[] }) {
  if (posts.length === 0) return null
  return (
    <SectionShell tone="muted" labelledBy="articulos-relacionados">
      <SectionHeading id="articulos-relacionados" align="left" title="Artículos relacionados" />
      <div className="mt-10">
        <PostGrid posts={posts.slice(0, 3)} headingLevel={3} />
      </div>
    </SectionShell>
  )
}
