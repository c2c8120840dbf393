import { ExternalLink } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { formatDate } from '../../lib/dates'
import { HistoryButton } from '../history/HistoryDialog'
import { EditOnPageButton } from '../inPage/EditOnPageButton'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { PublicationStatus } from '../shared/PublicationStatus'
import { publicationState } from '../../cms/schedule'
import { TabHeader } from '../shared/TabHeader'
import type { OpenRecordProps } from '../shared/useOpenRecord'
import { useRecordTab } from '../shared/useRecordTab'
import { PostForm } from './PostForm'
import { PreviewButton } from './PreviewButton'
import { draftOf, newPost, postPath, type PostRow } from '../../cms/posts'
import { usePosts } from './usePosts'
import { useTags } from './useTags'
import { uiText } from '../../lib/uiText'

/** The Blog tab: posts newest first, each editable with its tags; `openId` opens one post's form (a link from Medios). */
export function BlogTab({ openId, onOpened }: OpenRecordProps) {
  const posts = usePosts()
  const tags = useTags()
  const tab = useRecordTab({
    records: posts,
    // A post opens once its tags are read.
    draftOf: async (post: PostRow) => {
      const tagIds = await posts.loadTagIds(post.id)
      return tagIds && draftOf(post, tagIds)
    },
    question: '¿Estás seguro de eliminar este post?',
    subject: 'esta entrada',
    openId,
    onOpened,
  })

  if (tab.form) return <PostForm {...tab.form} tags={tags} onSave={posts.save} />

  return (
    <section aria-labelledby="blog-title">
      <TabHeader title="Entradas de Blog" titleId="blog-title" createLabel="Nueva Entrada" onCreate={() => tab.create(newPost)} />
      <RecordList
        rows={posts.rows}
        loading={posts.loading}
        label="Entradas de blog"
        getKey={(p) => p.id}
        emptyTitle="Todavía no hay entradas"
        emptyDescription="Escribe la primera con «Nueva Entrada». Puedes guardarla como borrador y publicarla después."
      >
        {(post) => (
          <RecordCard
            title={post.title}
            links={<PostLinks post={post} onRestored={() => void posts.reload()} />}
            onEdit={() => tab.edit(post)}
            onDelete={() => tab.remove(post)}
          >
            <span className="line-clamp-2">{post.excerpt || <em>Sin extracto</em>}</span>
            <span className="flex flex-wrap gap-x-4 gap-y-1">
              <PublicationStatus published={post.published} publishedAt={post.published_at} on="Publicado" off="Borrador" />
              <span>Creado: {formatDate(post.created_at)}</span>
            </span>
          </RecordCard>
        )}
      </RecordList>
    </section>
  )
}

const newTab = ` ${uiText.opensInNewTab}`

/** "Vista previa", «Editar en la página» and "Historial" for every post (drafts included, staff only); "Ver en el sitio" once it is public. */
function PostLinks({ post, onRestored }: { post: PostRow; onRestored: () => void }) {
  const published = publicationState(post.published, post.published_at).kind === 'published'
  return (
    <>
      <PreviewButton postId={post.id} title={post.title} />
      <EditOnPageButton
        compact
        target={{ kind: 'post', id: post.id }}
        name={post.title}
        publicPath={published ? postPath(post.slug) : undefined}
        onLeft={onRestored}
      />
      <HistoryButton table="blog_posts" id={post.id} title={post.title} subject="entrada" onRestored={onRestored} />
      {published && (
        <Button asChild variant="ghost" size="sm" className="text-slate-700">
          <a href={postPath(post.slug)} target="_blank" rel="noopener" aria-label={`Ver en el sitio «${post.title}»${newTab}`}>
            <ExternalLink aria-hidden="true" /> Ver en el sitio
          </a>
        </Button>
      )}
    </>
  )
}
