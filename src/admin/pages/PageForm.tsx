import { useEffect, useRef, useState } from 'react'
import { Input } from '../../components/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { LongTextarea } from '../shared/LongTextarea'
import { slugOrTitle } from '../../lib/slug'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { SlugField } from '../shared/SlugField'
import { PublicationFields } from '../shared/PublicationFields'
import { nextPublishedAt, scheduleHint } from '../../cms/schedule'
import { EditorWithPreview } from '../preview/EditorWithPreview'
import { LivePreview } from '../preview/LivePreview'
import { BlockEditor } from './BlockEditor'
import { checkPageContent, formatPageContent, parsePageContent } from '../../cms/pageContent'
import type { PageInput } from './usePages'
import type { GuardedOutcome } from '../shared/conflicts'
import { refuseSave, useRecordSave } from '../shared/useRecordSave'

export interface PageDraft {
  id?: string
  title: string
  slug: string
  contentText: string
  published: boolean
  /** published_at as stored when the editor opened (null for a draft). */
  published_at: string | null
  /** The scheduled time as the date-time field holds it (Madrid), empty for none. */
  schedule: string
  /** The version opened (null for a new page): a save applies only while it is still the saved one. */
  updated_at: string | null
}

interface PageFormProps {
  draft: PageDraft
  isNew: boolean
  onChange: (changes: Partial<PageDraft>) => void
  onSave: (input: PageInput, id: string | undefined, openedAt: string | null) => Promise<GuardedOutcome>
  onClose: () => void
  /** After a save refused by an edit conflict: open the page as saved now. */
  onShowTheirs: () => void
}

/**
 * "Nueva Página" / "Editar Página". The content is edited as blocks or, in
 * the advanced view, as its JSON; both views edit the same text, so they always agree.
 */
export function PageForm({ draft, isNew, onChange, onSave, onClose, onShowTheirs }: PageFormProps) {
  const [view, setView] = useState<'blocks' | 'json'>('blocks')
  // How many saves were refused: each one moves focus to the reasons, once they are on screen.
  const [refused, setRefused] = useState(0)
  const errorsRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (refused) errorsRef.current?.focus()
  }, [refused])
  const parsed = parsePageContent(draft.contentText)
  const check = checkPageContent(draft.contentText)

  const { card } = useRecordSave(
    draft,
    (next) =>
      onSave(
        {
          title: next.title.trim(),
          slug: slugOrTitle(next.slug, next.title),
          content: check.ok ? check.value : [],
          published: next.published,
          published_at: nextPublishedAt(next),
        },
        next.id,
        next.updated_at,
      ),
    {
      subject: 'esta página',
      onClose,
      onShowTheirs,
      ready: () => {
        if (!draft.title.trim() || !draft.slug.trim()) return refuseSave('El título y slug son obligatorios')
        if (!check.ok) {
          setRefused((n) => n + 1)
          return false
        }
        const scheduleError = draft.published && scheduleHint(draft.schedule).error
        return scheduleError ? refuseSave(scheduleError) : true
      },
    },
  )

  const preview = { kind: 'page', id: draft.id, title: draft.title, slug: draft.slug, contentText: draft.contentText } as const

  return (
    <EditorWithPreview preview={<LivePreview draft={preview} />}>
      <EditorCard title={isNew ? 'Nueva Página' : 'Editar Página'} {...card}>
        <Field label="Título">
          {(control) => <Input {...control} autoFocus value={draft.title} onChange={(e) => onChange({ title: e.target.value })} />}
        </Field>
        <SlugField value={draft.slug} onChange={(slug) => onChange({ slug })} hint={`URL: /${draft.slug}`} placeholder="sobre-nosotros" />
        <PublicationFields label="Publicada" draft={draft} onChange={onChange} />
        <div className="grid gap-3">
          <h3 className="text-sm font-semibold text-slate-900">Contenido</h3>
          {refused > 0 && !check.ok && (
            <div ref={errorsRef} tabIndex={-1} role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
              <p className="font-semibold">No se puede guardar la página:</p>
              <ul className="mt-1 list-disc pl-5">
                {check.errors.map((e) => (
                  <li key={e}>{e}</li>
                ))}
              </ul>
            </div>
          )}
          <Tabs value={view} onValueChange={(v) => setView(v as 'blocks' | 'json')}>
            <TabsList aria-label="Vista del contenido">
              <TabsTrigger value="blocks">Bloques</TabsTrigger>
              <TabsTrigger value="json">JSON (avanzado)</TabsTrigger>
            </TabsList>
            <TabsContent value="blocks" className="mt-4">
              {parsed.ok ? (
                <BlockEditor blocks={parsed.value} onChange={(blocks) => onChange({ contentText: formatPageContent(blocks) })} />
              ) : (
                <p className="rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
                  El JSON del contenido no es válido, así que no se puede mostrar como bloques. Corrígelo en la vista «JSON (avanzado)»:{' '}
                  {parsed.error}
                </p>
              )}
            </TabsContent>
            <TabsContent value="json" className="mt-4">
              <Field
                label="Contenido (JSON)"
                error={parsed.ok ? null : parsed.error}
                hint='Una lista de bloques, por ejemplo [{"type": "heading", "text": "Título"}]. Tipos: heading, paragraph, list, image, quote, cta.'
              >
                {(control) => (
                  <LongTextarea
                    {...control}
                    rows={14}
                    spellCheck={false}
                    className="font-mono text-[13px]"
                    value={draft.contentText}
                    onChange={(contentText) => onChange({ contentText })}
                  />
                )}
              </Field>
            </TabsContent>
          </Tabs>
        </div>
      </EditorCard>
    </EditorWithPreview>
  )
}
