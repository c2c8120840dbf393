import type { Post, PostSummary } from '../../cms/types'
import { site } from '../../content/registry.server'
import { Contact } from '../Contact'
import { PostArticle } from './PostArticle'
import { RelatedPosts } from './RelatedPosts'

/** The content of /blog/{slug}: the article, up to three related posts, then the shared contact section. */
export function PostPage({ post, related }: { post: Post; related: PostSummary[] }) {
  return (
    <>
      <PostArticle post={post} />
      <RelatedPosts posts={related} />
      <Contact site={site} />
    </>
  )
}
