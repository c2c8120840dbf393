import type { PostSummary, TagRef } from '../../cms/types'
import { blogPagePath, tagPagePath } from '../../blog/paths'
import { site } from '../../siteContent/registry.server'
import { Contact } from '../Contact'
import { BlogIntro } from './BlogIntro'
import { Pagination } from './Pagination'
import { PostGrid } from './PostGrid'

/** A page of the blog's cards, as the loader hands it over (src/cms/blog.server.ts BlogListing). */
export interface BlogIndexListing {
  posts: PostSummary[]
  page: number
  pageCount: number
}

/**
 * The content of /blog, /blog/pagina/N and /blog/etiqueta/{slug}: intro, cards, pagination, then the shared
 * contact section. Pages are linked with blogPagePath, or tagPagePath on a tag page, unless `pathFor` says
 * otherwise.
 */
export function BlogIndex({
  listing,
  tag,
  intro,
  pathFor,
}: {
  listing: BlogIndexListing
  tag?: TagRef
  intro?: string
  pathFor?: (page: number) => string
}) {
  const { posts, page, pageCount } = listing
  const linkTo = pathFor ?? (tag ? (n: number) => tagPagePath(tag.slug, n) : blogPagePath)
  return (
    <>
      <BlogIntro tag={tag} intro={intro} page={page} pageCount={pageCount} />
      <div className="mx-auto max-w-7xl px-4 pb-20 pt-12 sm:px-6 lg:px-8">
        <PostGrid posts={posts} opensPage />
        {pageCount > 1 && (
          <div className="mt-12">
            <Pagination page={page} pageCount={pageCount} pathFor={linkTo} />
          </div>
        )}
      </div>
      <Contact site={site} />
    </>
  )
}
