import { useEffect, useRef, useState } from 'react'
import { Input } from '../../components/ui/input'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { Textarea } from '../../components/ui/textarea'
import { normaliseSlug, slugOrTitle } from '../../lib/slug'
import { toast } from '../../lib/toast'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { SwitchField } from '../shared/SwitchField'
import { BlockEditor } from './BlockEditor'
import { checkPageContent, formatPageContent, parsePageContent } from './pageContent'
import type { PageInput } from './usePages'

export interface PageDraft {
  id?: string
  title: string
  slug: string
  contentText: string
  published: boolean
}

interface PageFormProps {
  draft: PageDraft
  isNew: boolean
  onChange: (changes: Partial<PageDraft>) => void
  onSave: (input: PageInput, id: string | undefined) => Promise<boolean>
  onClose: () => void
}

/**
 * "Nueva Página" / "Editar Página". The content is edited as blocks or, in
 * the advanced view, as its JSON; both views edit the same text, so they always agree.
 */
export function PageForm({ draft, isNew, onChange, onSave, onClose }: PageFormProps) {
  const [saving, setSaving] = useState(false)
  const [view, setView] = useState<'blocks' | 'json'>('blocks')
  // How many saves were refused: each one moves focus to the reasons, once they are on screen.
  const [refused, setRefused] = useState(0)
  const errorsRef = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (refused) errorsRef.current?.focus()
  }, [refused])
  const parsed = parsePageContent(draft.contentText)
  const check = checkPageContent(draft.contentText)

  const save = async () => {
    if (!draft.title.trim() || !draft.slug.trim()) {
      toast({ title: 'Error', description: 'El título y slug son obligatorios', variant: 'destructive' })
      return
    }
    if (!check.ok) {
      setRefused((n) => n + 1)
      return
    }
    setSaving(true)
    const ok = await onSave(
      { title: draft.title.trim(), slug: slugOrTitle(draft.slug, draft.title), content: check.value, published: draft.published },
      draft.id,
    )
    setSaving(false)
    if (ok) onClose()
  }

  return (
    <EditorCard title={isNew ? 'Nueva Página' : 'Editar Página'} saving={saving} onSave={() => void save()} onCancel={onClose}>
      <Field label="Título">
        {(control) => <Input {...control} autoFocus value={draft.title} onChange={(e) => onChange({ title: e.target.value })} />}
      </Field>
      <Field label="Slug (URL)" hint={`URL: /${draft.slug}`}>
        {(control) => (
          <Input
            {...control}
            value={draft.slug}
            spellCheck={false}
            autoCapitalize="none"
            onChange={(e) => onChange({ slug: normaliseSlug(e.target.value) })}
            placeholder="sobre-nosotros"
          />
        )}
      </Field>
      <SwitchField label="Publicada" checked={draft.published} onChange={(published) => onChange({ published })} />
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
                El JSON del contenido no es válido, así que no se puede mostrar como bloques. Corrígelo en la vista «JSON (avanzado)»: {parsed.error}
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
                <Textarea
                  {...control}
                  rows={14}
                  spellCheck={false}
                  className="font-mono text-[13px]"
                  value={draft.contentText}
                  onChange={(e) => onChange({ contentText: e.target.value })}
                />
              )}
            </Field>
          </TabsContent>
        </Tabs>
      </div>
    </EditorCard>
  )
}
