import { ExternalLink } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { formatDate } from '../../lib/dates'
import { HistoryButton } from '../history/HistoryDialog'
import { useConfirmDelete } from '../shared/confirm'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { PublicationStatus } from '../shared/PublicationStatus'
import { publicationState } from '../shared/schedule'
import { TabHeader } from '../shared/TabHeader'
import { useEditor } from '../shared/useEditor'
import { useOpenRecord, type OpenRecordProps } from '../shared/useOpenRecord'
import { useGuardedDelete } from '../shared/useGuardedDelete'
import { PostForm } from './PostForm'
import { PreviewButton } from './PreviewButton'
import { draftOf, newPost, postPath, type PostDraft, type PostRow } from './posts'
import { usePosts } from './usePosts'
import { useTags } from './useTags'
import { uiText } from '../../lib/uiText'

/** The Blog tab: posts newest first, each editable with its tags; `openId` opens one post's form (a link from Medios). */
export function BlogTab({ openId, onOpened }: OpenRecordProps) {
  const posts = usePosts()
  const tags = useTags()
  const editor = useEditor<PostDraft>()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()

  /** Opens the post once its tags are read, unless another click opened or closed the editor meanwhile. */
  const edit = async (post: PostRow, current = editor.begin()) => {
    const tagIds = await posts.loadTagIds(post.id)
    if (tagIds && current()) editor.open(draftOf(post, tagIds), false)
  }

  const remove = async (post: PostRow) => {
    if (await confirmDelete('¿Estás seguro de eliminar este post?')) {
      await guardedDelete((openedAt) => posts.remove(post.id, openedAt), post.updated_at, 'esta entrada')
      await posts.reload()
    }
  }

  /** After a refused save: the post as the other person left it, or back to the list if they deleted it. */
  const showSaved = async (id: string) => {
    const current = editor.begin()
    const post = await posts.load(id)
    if (!current()) return
    if (post) await edit(post, current)
    else {
      editor.close()
      void posts.reload()
    }
  }

  useOpenRecord(openId, onOpened, showSaved)

  if (editor.draft) {
    return (
      <PostForm
        draft={editor.draft}
        isNew={editor.isNew}
        tags={tags}
        onChange={editor.patch}
        onSave={posts.save}
        onShowTheirs={() => void showSaved(editor.draft!.id!)}
        onClose={() => {
          editor.close()
          void posts.reload()
        }}
      />
    )
  }

  return (
    <section aria-labelledby="blog-title">
      <TabHeader title="Entradas de Blog" titleId="blog-title" createLabel="Nueva Entrada" onCreate={() => editor.open(newPost, true)} />
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
            onEdit={() => void edit(post)}
            onDelete={() => void remove(post)}
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

/** "Vista previa" and "Historial" for every post (drafts included, staff only); "Ver en el sitio" once it is public. */
function PostLinks({ post, onRestored }: { post: PostRow; onRestored: () => void }) {
  return (
    <>
      <PreviewButton postId={post.id} title={post.title} />
      <HistoryButton table="blog_posts" id={post.id} title={post.title} subject="entrada" onRestored={onRestored} />
      {publicationState(post.published, post.published_at).kind === 'published' && (
        <Button asChild variant="ghost" size="sm" className="text-slate-700">
          <a href={postPath(post.slug)} target="_blank" rel="noopener" aria-label={`Ver en el sitio «${post.title}»${newTab}`}>
            <ExternalLink aria-hidden="true" /> Ver en el sitio
          </a>
        </Button>
      )}
    </>
  )
}
