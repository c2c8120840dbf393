import type { PostSummary } from '../../cms/types'
import { postPath } from '../../blog/paths'
import { CoverImage } from './CoverImage'
import { PostDate, TagList } from './PostMeta'

/**
 * One post in a list. The title is the link; a stretched ::after makes the whole card clickable while the
 * tag links sit above it. `headingLevel` keeps the outline right: h2 under the blog's h1, h3 under
 * "Artículos relacionados".
 */
export function PostCard({ post, headingLevel = 2, priority = false }: { post: PostSummary; headingLevel?: 2 | 3; priority?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 transition hover:-translate-y-0.5 hover:shadow-lg">
      {post.featuredImage && (
        <CoverImage src={post.featuredImage} priority={priority} sizes="(min-width: 1024px) 24rem, (min-width: 768px) 45vw, 92vw" />
      )}
      <div className="flex grow flex-col p-6">
        <PostDate publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} />
        <Heading className="mt-3 text-lg font-bold leading-snug text-balance text-slate-900">
          <a href={postPath(post.slug)} className="after:absolute after:inset-0 after:content-[''] group-hover:text-brand-700">
            {post.title}
          </a>
        </Heading>
        <p className="mt-2 grow leading-relaxed text-slate-600">{post.excerpt}</p>
        <TagList tags={post.tags} raised className="mt-5" />
      </div>
    </article>
  )
}
