import { formatDate } from '../../lib/dates'
import { HistoryButton } from '../history/HistoryDialog'
import { EditOnPageButton } from '../inPage/EditOnPageButton'
import { RecordCard } from '../shared/RecordCard'
import { RecordList } from '../shared/RecordList'
import { PublicationStatus } from '../shared/PublicationStatus'
import { publicationState, scheduleInputOf } from '../../cms/schedule'
import { TabHeader } from '../shared/TabHeader'
import type { OpenRecordProps } from '../shared/useOpenRecord'
import { useRecordTab } from '../shared/useRecordTab'
import { formatPageContent } from '../../cms/pageContent'
import { PageForm, type PageDraft } from './PageForm'
import { usePages, type PageRow } from './usePages'

const newPage: PageDraft = { title: '', slug: '', contentText: '[]', published: false, published_at: null, schedule: '', updated_at: null }

/** The Páginas tab: dynamic pages, newest first; `openId` opens one page's form (a link from Medios). */
export function PagesTab({ openId, onOpened }: OpenRecordProps) {
  const pages = usePages()
  const tab = useRecordTab({
    records: pages,
    draftOf: (page: PageRow): PageDraft => ({
      id: page.id,
      title: page.title,
      slug: page.slug,
      contentText: formatPageContent(page.content),
      published: page.published,
      published_at: page.published_at,
      schedule: scheduleInputOf(page.published, page.published_at),
      updated_at: page.updated_at,
    }),
    question: '¿Estás seguro de eliminar esta página?',
    subject: 'esta página',
    openId,
    onOpened,
  })

  if (tab.form) return <PageForm {...tab.form} onSave={pages.save} />

  return (
    <section aria-labelledby="pages-title">
      <TabHeader title="Páginas Dinámicas" titleId="pages-title" createLabel="Nueva Página" onCreate={() => tab.create(newPage)} />
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
            links={
              <>
                <EditOnPageButton
                  compact
                  target={{ kind: 'page', id: page.id }}
                  name={page.title}
                  publicPath={publicationState(page.published, page.published_at).kind === 'published' ? `/${page.slug}` : undefined}
                  onLeft={() => void pages.reload()}
                />
                <HistoryButton table="pages" id={page.id} title={page.title} subject="página" onRestored={() => void pages.reload()} />
              </>
            }
            onEdit={() => tab.edit(page)}
            onDelete={() => tab.remove(page)}
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
