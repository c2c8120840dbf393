import { usePageContext } from 'vike-react/usePageContext'
import type { Post } from '../../cms/types'
import { BLOG_PATH } from '../../blog/paths'
import { Breadcrumb } from './Breadcrumb'
import { ARTICLE_COVER_SIZES, CoverImage } from './CoverImage'
import { PostDate, TagList } from './PostMeta'
import { postPlaces } from '../../siteContent/recordPlaces'
import { usePlaceMark } from '../PlaceMarks'

/**
 * A post's page content: the title is the page's only h1 (the Markdown pipeline demotes the body's own
 * headings, docs/decisions/0022-blog-markdown-pipeline.md). `post.html` is already sanitised on the server;
 * it is injected as is, inside the same typography as the legal texts (LegalPage).
 */
export function PostArticle({ post }: { post: Post }) {
  // Absent outside a Vike render (the component rendered on its own in tests).
  const lateHtml = (usePageContext() as ReturnType<typeof usePageContext> | undefined)?.lateHtml
  const titleMark = usePlaceMark(postPlaces.title)
  return (
    <article className="mx-auto max-w-3xl px-4 pb-20 pt-32 sm:px-6 sm:pt-36">
      <Breadcrumb
        trail={[
          { label: 'Inicio', href: '/' },
          { label: 'Blog', href: BLOG_PATH },
        ]}
      />
      <h1 {...titleMark} className="mt-4 text-3xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-4xl">
        {post.title}
      </h1>
      <PostDate publishedAt={post.publishedAt} readingMinutes={post.readingMinutes} className="mt-4" />
      <TagList tags={post.tags} className="mt-4" />
      {post.featuredImage && <CoverImage src={post.featuredImage} priority sizes={ARTICLE_COVER_SIZES} className="mt-8 rounded-2xl" />}
      <div
        className="prose prose-slate mt-10 max-w-none prose-headings:scroll-mt-24 prose-a:text-brand-700 prose-table:text-sm prose-img:my-8 prose-pre:overflow-x-auto"
        // Sanitised by renderMarkdown (src/blog/markdown.server.ts); never raw CMS text. On the live site it
        // is spliced in after the render (src/host/site/lateHtml.ts): a long post no longer slows Vike's pass.
        dangerouslySetInnerHTML={{ __html: lateHtml ? lateHtml.add(post.html) : post.html }}
      />
    </article>
  )
}
