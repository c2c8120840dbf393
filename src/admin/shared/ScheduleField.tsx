import { Input } from '../../components/ui/input'
import { Field } from './Field'
import { publicationState, scheduleHint } from '../../cms/schedule'

/**
 * The date-time a published post or page appears on the site (Madrid time); empty publishes at the save.
 * `publishedAt` is the record's instant as stored: one already passed means it is on the site now.
 */
export function ScheduleField({ value, publishedAt, onChange }: { value: string; publishedAt: string | null; onChange: (value: string) => void }) {
  const { hint, error } = scheduleHint(value, publicationState(true, publishedAt).kind === 'published' && publishedAt !== null)
  return (
    <Field label="Programar publicación (hora de Madrid)" hint={hint || undefined} error={error} className="max-w-sm">
      {(control) => <Input {...control} type="datetime-local" step={60} value={value} onChange={(e) => onChange(e.target.value)} />}
    </Field>
  )
}
