import { useRef, useState } from 'react'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { normaliseSlug, slugOrTitle } from '../../lib/slug'
import { toast } from '../../lib/toast'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { SwitchField } from '../shared/SwitchField'
import { parsePageContent } from './pageContent'
import type { PageInput } from './usePages'

export interface PageDraft { id?: string; title: string; slug: string; contentText: string; published: boolean }

interface PageFormProps {
  draft: PageDraft
  isNew: boolean
  onChange: (changes: Partial<PageDraft>) => void
  onSave: (input: PageInput, id: string | undefined) => Promise<boolean>
  onClose: () => void
}

/** "Nueva Página" / "Editar Página" (SPEC.md §2 "Páginas tab"). */
export function PageForm({ draft, isNew, onChange, onSave, onClose }: PageFormProps) {
  const [saving, setSaving] = useState(false)
  const contentRef = useRef<HTMLTextAreaElement>(null)
  const parsed = parsePageContent(draft.contentText)

  const save = async () => {
    if (!draft.title.trim() || !draft.slug.trim()) {
      toast({ title: 'Error', description: 'El título y slug son obligatorios', variant: 'destructive' })
      return
    }
    if (!parsed.ok) {
      contentRef.current?.focus()
      return
    }
    setSaving(true)
    const ok = await onSave({ title: draft.title.trim(), slug: slugOrTitle(draft.slug, draft.title), content: parsed.value, published: draft.published }, draft.id)
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
          <Input {...control} value={draft.slug} spellCheck={false} autoCapitalize="none"
            onChange={(e) => onChange({ slug: normaliseSlug(e.target.value) })} placeholder="sobre-nosotros" />
        )}
      </Field>
      <Field label="Contenido (JSON)" error={parsed.ok ? null : parsed.error}
        hint='Una lista de bloques, por ejemplo [{"type": "heading", "text": "Título"}].'>
        {(control) => (
          <Textarea {...control} ref={contentRef} rows={10} spellCheck={false} className="font-mono text-[13px]"
            value={draft.contentText} onChange={(e) => onChange({ contentText: e.target.value })} />
        )}
      </Field>
      <SwitchField label="Publicada" checked={draft.published} onChange={(published) => onChange({ published })} />
    </EditorCard>
  )
}
