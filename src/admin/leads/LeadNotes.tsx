import { useEffect, useState } from 'react'
import { Textarea } from '../../components/ui/textarea'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import { useEditor } from '../shared/useEditor'
import type { LeadRow } from './leads'
import type { NotesResult } from './useLeads'

const NOTES_MAX = 20000

interface LeadNotesProps {
  lead: LeadRow
  /** Saves `notes` unless the stored notes are no longer `original` (see useLeads().saveNotes). */
  onSave: (original: string, notes: string) => Promise<NotesResult>
}

/**
 * The team's notes on a lead: the panel's usual form (Guardar, Ctrl/⌘+S, Cancelar asks before discarding).
 * If someone else saved other notes meanwhile, nothing is overwritten: theirs are shown, the draft is kept.
 */
export function LeadNotes({ lead, onSave }: LeadNotesProps) {
  const editor = useEditor<{ notes: string }>()
  const [saving, setSaving] = useState(false)
  const [theirs, setTheirs] = useState<string | null>(null)
  const { open } = editor

  useEffect(() => open({ notes: lead.notes }, false), [open, lead.id]) // eslint-disable-line react-hooks/exhaustive-deps -- once per lead: a reload must not replace the draft

  if (!editor.draft || !editor.original) return null
  const draft = editor.draft.notes

  const save = async () => {
    setSaving(true)
    const result = await onSave(editor.original!.notes, draft)
    setSaving(false)
    if (result.kind === 'saved') {
      setTheirs(null)
      open({ notes: result.lead.notes }, false)
    } else if (result.kind === 'conflict') {
      // Theirs become what the draft is compared with, so the next Guardar keeps the merged text.
      setTheirs(result.lead.notes)
      open({ notes: result.lead.notes }, false)
      editor.patch({ notes: draft })
    }
  }

  return (
    <EditorCard
      title="Notas internas"
      headingLevel="h3"
      saving={saving}
      saveLabel="Guardar notas"
      onSave={() => void save()}
      onCancel={() => {
        setTheirs(null)
        open(editor.original!, false)
      }}
    >
      {theirs !== null && (
        <div role="alert" className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">Otra persona ha cambiado estas notas mientras escribías. No se ha sobrescrito nada.</p>
          <p>Sus notas:</p>
          <blockquote className="whitespace-pre-wrap break-words border-l-2 border-amber-400 pl-3">{theirs || '(vacías)'}</blockquote>
          <p>Las tuyas siguen en el campo: combínalas si hace falta y vuelve a guardar.</p>
        </div>
      )}
      <Field label="Notas" hint="Solo las ve el equipo: llamadas, presupuestos, próximos pasos." aside={`${draft.length}/${NOTES_MAX}`}>
        {(control) => (
          <Textarea {...control} rows={6} maxLength={NOTES_MAX} value={draft} onChange={(e) => editor.patch({ notes: e.target.value })} />
        )}
      </Field>
    </EditorCard>
  )
}
