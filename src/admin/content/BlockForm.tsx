import { useState } from 'react'
import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import type { ContentBlockRow } from './useContentBlocks'

interface BlockFormProps {
  draft: ContentBlockRow
  onChange: (changes: Partial<ContentBlockRow>) => void
  onSave: (block: ContentBlockRow) => Promise<boolean>
  onClose: () => void
}

/** Inline editing of one block: Sección, Título, Contenido (SPEC.md §2 "Contenido tab"). */
export function BlockForm({ draft, onChange, onSave, onClose }: BlockFormProps) {
  const [saving, setSaving] = useState(false)
  const save = async () => {
    setSaving(true)
    const ok = await onSave(draft)
    setSaving(false)
    if (ok) onClose()
  }
  return (
    <EditorCard title={`Editar bloque «${draft.key}»`} headingLevel="h3" saving={saving} onSave={() => void save()} onCancel={onClose}
      className="border-brand-500/40 ring-2 ring-brand-500/15">
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Sección">
          {(control) => <Input {...control} autoFocus value={draft.section} spellCheck={false} onChange={(e) => onChange({ section: e.target.value })} />}
        </Field>
        <Field label="Título">
          {(control) => <Input {...control} value={draft.title ?? ''} onChange={(e) => onChange({ title: e.target.value })} />}
        </Field>
      </div>
      <Field label="Contenido">
        {(control) => <Textarea {...control} rows={6} value={draft.content} onChange={(e) => onChange({ content: e.target.value })} />}
      </Field>
    </EditorCard>
  )
}
