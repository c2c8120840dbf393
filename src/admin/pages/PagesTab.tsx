import { formatDate } from '../../lib/dates'
import { HistoryButton } from '../history/HistoryDialog'
import { useConfirmDelete } from '../shared/confirm'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { PublicationStatus } from '../shared/PublicationStatus'
import { scheduleInputOf } from '../shared/schedule'
import { TabHeader } from '../shared/TabHeader'
import { useEditor } from '../shared/useEditor'
import { useOpenRecord, type OpenRecordProps } from '../shared/useOpenRecord'
import { useGuardedDelete } from '../shared/useGuardedDelete'
import { formatPageContent } from './pageContent'
import { PageForm, type PageDraft } from './PageForm'
import { usePages, type PageRow } from './usePages'

const newPage: PageDraft = { title: '', slug: '', contentText: '[]', published: false, published_at: null, schedule: '', updated_at: null }

/** The Páginas tab: dynamic pages, newest first; `openId` opens one page's form (a link from Medios). */
export function PagesTab({ openId, onOpened }: OpenRecordProps) {
  const pages = usePages()
  const editor = useEditor<PageDraft>()
  const confirmDelete = useConfirmDelete()
  const guardedDelete = useGuardedDelete()

  const edit = (page: PageRow) =>
    editor.open(
      {
        id: page.id,
        title: page.title,
        slug: page.slug,
        contentText: formatPageContent(page.content),
        published: page.published,
        published_at: page.published_at,
        schedule: scheduleInputOf(page.published, page.published_at),
        updated_at: page.updated_at,
      },
      false,
    )

  const remove = async (page: PageRow) => {
    if (await confirmDelete('¿Estás seguro de eliminar esta página?')) {
      await guardedDelete((openedAt) => pages.remove(page.id, openedAt), page.updated_at, 'esta página')
      await pages.reload()
    }
  }

  /** After a refused save: the page as the other person left it, or back to the list if they deleted it. */
  const showSaved = async (id: string) => {
    // Unless another click opened or closed the editor while the page was read.
    const current = editor.begin()
    const page = await pages.load(id)
    if (!current()) return
    if (page) edit(page)
    else {
      editor.close()
      void pages.reload()
    }
  }

  useOpenRecord(openId, onOpened, showSaved)

  if (editor.draft) {
    return (
      <PageForm
        draft={editor.draft}
        isNew={editor.isNew}
        onChange={editor.patch}
        onSave={pages.save}
        onShowTheirs={() => void showSaved(editor.draft!.id!)}
        onClose={() => {
          editor.close()
          void pages.reload()
        }}
      />
    )
  }

  return (
    <section aria-labelledby="pages-title">
      <TabHeader title="Páginas Dinámicas" titleId="pages-title" createLabel="Nueva Página" onCreate={() => editor.open(newPage, true)} />
      <RecordList
        rows={pages.rows}
        loading={pages.loading}
        label="Páginas"
        getKey={(p) => p.id}
        emptyTitle="Todavía no hay páginas"
        emptyDescription="Crea la primera con «Nueva Página»: título, slug y bloques de contenido en JSON."
      >
        {(page) => (
          <RecordCard
            title={page.title}
            links={<HistoryButton table="pages" id={page.id} title={page.title} subject="página" onRestored={() => void pages.reload()} />}
            onEdit={() => edit(page)}
            onDelete={() => void remove(page)}
          >
            <span className="font-mono text-xs text-slate-600">/{page.slug}</span>
            <span>
              Estado: <PublicationStatus published={page.published} publishedAt={page.published_at} on="Publicada" off="Borrador" />
            </span>
            <span>Creada: {formatDate(page.created_at)}</span>
          </RecordCard>
        )}
      </RecordList>
    </section>
  )
}
