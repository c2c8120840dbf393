import { ScheduleField } from './ScheduleField'
import { SwitchField } from './SwitchField'

interface Publication {
  published: boolean
  /** published_at as stored when the editor opened (null for a draft). */
  published_at: string | null
  /** The scheduled time as the date-time field holds it (Madrid), empty for none. */
  schedule: string
}

/** A post's or page's «Publicado»/«Publicada» switch and, while it is on, when it appears on the site. */
export function PublicationFields({
  label,
  hint,
  draft,
  onChange,
}: {
  label: string
  hint?: string
  draft: Publication
  onChange: (changes: Partial<Publication>) => void
}) {
  return (
    <>
      <SwitchField label={label} checked={draft.published} onChange={(published) => onChange({ published })} hint={hint} />
      {draft.published && <ScheduleField value={draft.schedule} publishedAt={draft.published_at} onChange={(schedule) => onChange({ schedule })} />}
    </>
  )
}
