import { Input } from '../../components/ui/input'
import { Textarea } from '../../components/ui/textarea'
import { EditorCard } from '../shared/EditorCard'
import { Field } from '../shared/Field'
import type { TextOverrideRow } from './useTextOverrides'
import type { GuardedOutcome } from '../shared/conflicts'
import { useRecordSave } from '../shared/useRecordSave'
import { textOverrideError } from './textOverrideRules'

interface TextOverrideFormProps {
  draft: TextOverrideRow
  /** The content file's text for this override's place, shown for reference. */
  original?: string
  onChange: (changes: Partial<TextOverrideRow>) => void
  onSave: (override: TextOverrideRow) => Promise<GuardedOutcome>
  onClose: () => void
  /** After a save refused by an edit conflict: the list again, with the override as saved now. */
  onShowTheirs: () => void
}

/**
 * Inline editing of one text override: Título and Texto. Its section and key
 * are its place on the page, so they are shown, not edited: changing them would unplug the text.
 */
export function TextOverrideForm({ draft, original, onChange, onSave, onClose, onShowTheirs }: TextOverrideFormProps) {
  const contentError = textOverrideError(draft.content)
  const { card, refused } = useRecordSave(draft, (next) => onSave({ ...next, content: next.content.trim() }), {
    subject: 'este texto',
    onClose,
    onShowTheirs,
    ready: () => !contentError,
  })
  return (
    <EditorCard title={`Editar texto «${draft.key}»`} headingLevel="h3" {...card} className="border-brand-500/40 ring-2 ring-brand-500/15">
      <p className="text-sm text-slate-600">
        Sección <code className="font-mono">{draft.section}</code> · clave <code className="font-mono">{draft.key}</code>
      </p>
      <Field label="Título">
        {(control) => <Input {...control} value={draft.title ?? ''} onChange={(e) => onChange({ title: e.target.value })} />}
      </Field>
      <Field label="Texto" error={refused ? contentError : null} hint={original ? `Texto original del archivo: «${original}»` : undefined}>
        {(control) => <Textarea {...control} autoFocus rows={4} value={draft.content} onChange={(e) => onChange({ content: e.target.value })} />}
      </Field>
    </EditorCard>
  )
}
