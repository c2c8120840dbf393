import type { Post, PostSummary } from '../../cms/types'
import { site } from '../../siteContent/registry.server'
import { Contact } from '../Contact'
import { PostArticle } from './PostArticle'
import { RelatedPosts } from './RelatedPosts'

/**
 * The content of /blog/{slug}: the article, up to three related posts, then the shared contact section.
 * A staff preview says so in a bar under the header, so a draft is never mistaken for the live page.
 */
export function PostPage({ post, related, preview = false }: { post: Post; related: PostSummary[]; preview?: boolean }) {
  return (
    <>
      {preview && (
        <p
          role="status"
          className="fixed inset-x-0 top-16 z-40 bg-amber-100 lg:top-20 px-4 py-2 text-center text-sm font-medium text-amber-950 shadow-sm"
        >
          Vista previa para el equipo: así se verá esta entrada en el sitio. Esta página no es pública ni se indexa.
        </p>
      )}
      <PostArticle post={post} />
      <RelatedPosts posts={related} />
      <Contact site={site} />
    </>
  )
}
