import type { PostSummary } from '../../cms/types'
import { buttonVariants } from '../../components/ui/buttonVariants'
import { cn } from '../../lib/cn'
import { PostCard } from './PostCard'

/**
 * The cards of /blog and of a tag page; with no post, a friendly way on instead of an empty page.
 * `opensPage`: the grid is the first thing under the page's title, so the first card's cover is its likeliest
 * LCP element on a phone and is fetched at once, not when layout finds it near the viewport.
 */
export function PostGrid({ posts, headingLevel = 2, opensPage = false }: { posts: PostSummary[]; headingLevel?: 2 | 3; opensPage?: boolean }) {
  if (posts.length === 0) return <EmptyBlog />
  return (
    <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
      {posts.map((post, index) => (
        <li key={post.id}>
          <PostCard post={post} headingLevel={headingLevel} priority={opensPage && index === 0} />
        </li>
      ))}
    </ul>
  )
}

function EmptyBlog() {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-slate-50 px-6 py-14 text-center">
      <h2 className="text-xl font-bold text-slate-900">Todavía no hemos publicado artículos</h2>
      <p className="mx-auto mt-3 max-w-xl leading-relaxed text-pretty text-slate-600">
        Estamos preparando los primeros. Mientras tanto, si tienes un proyecto en mente, cuéntanoslo y te respondemos personalmente.
      </p>
      <a href="/#contacto" className={cn(buttonVariants({ variant: 'default', size: 'lg' }), 'mt-8')}>
        Hablemos de tu proyecto
      </a>
    </div>
  )
}
