/**
 * Scheduled publishing as staff see it (docs/decisions/0067-scheduled-publishing.md): a published post or page
 * whose published_at is still to come is "Programada"; row-level security keeps it off the public site until
 * then. Times are entered and shown in Madrid, whatever the browser's zone.
 */
import { TZDate } from '@date-fns/tz'
import { madridDateTime } from '../lib/madridTime'

const ZONE = 'Europe/Madrid'
/** The database refuses more (supabase/migrations/20261125004100_scheduled_publishing.sql); same words here. */
export const SCHEDULE_TOO_FAR = 'La fecha de publicación no puede estar a más de un año vista: revisa el año.'

export type PublicationState = { kind: 'draft' } | { kind: 'published' } | { kind: 'scheduled'; at: string }

export function publicationState(published: boolean, publishedAt: string | null, now = new Date()): PublicationState {
  if (!published) return { kind: 'draft' }
  return publishedAt && Date.parse(publishedAt) > now.getTime() ? { kind: 'scheduled', at: publishedAt } : { kind: 'published' }
}

/** "Programada para el 1 de diciembre de 2026, 9:00" (Madrid). */
export function scheduledLabel(at: string): string {
  return `Programada para el ${madridDateTime(at)}`
}

const pad = (n: number) => String(n).padStart(2, '0')

/** An instant as a datetime-local input's value in Madrid ("2026-12-01T09:00"). */
export function toMadridInput(iso: string): string {
  const d = new TZDate(iso, ZONE)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A datetime-local input's value read as Madrid time, as an ISO instant; null when empty or incomplete. */
export function fromMadridInput(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
  return new Date(new TZDate(year, month - 1, day, hour, minute, ZONE).getTime()).toISOString()
}

/** The input's value when a record is opened: its instant if it is still to come, else empty. */
export function scheduleInputOf(published: boolean, publishedAt: string | null, now = new Date()): string {
  const state = publicationState(published, publishedAt, now)
  return state.kind === 'scheduled' ? toMadridInput(state.at) : ''
}

/**
 * published_at to save. A draft has none. A time still to come schedules. An empty or past time publishes
 * now: null, so the database stamps its own now() (a browser's clock may be ahead, which would schedule the
 * record); a record already public keeps its date (the database keeps it too).
 */
export function nextPublishedAt(draft: { published: boolean; published_at: string | null; schedule: string }, now = new Date()): string | null {
  if (!draft.published) return null
  const chosen = fromMadridInput(draft.schedule)
  if (chosen && Date.parse(chosen) > now.getTime()) return chosen
  if (draft.published_at && Date.parse(draft.published_at) <= now.getTime()) return draft.published_at
  return null
}

/** What the form says under the date-time field, and the error that blocks a save. */
export function scheduleHint(schedule: string, live = false, now = new Date()): { hint: string; error?: string } {
  const chosen = fromMadridInput(schedule)
  if (!chosen)
    return {
      hint: live
        ? 'Ya está en el sitio. Una fecha futura la retira hasta entonces.'
        : 'Vacío: se publica al guardar. Elige una fecha y hora futuras para programarla.',
    }
  const at = Date.parse(chosen)
  if (at <= now.getTime()) return { hint: live ? 'Esa hora ya pasó: sigue publicada con su fecha.' : 'Esa hora ya pasó: se publica al guardar.' }
  const limit = new Date(now)
  limit.setFullYear(limit.getFullYear() + 1)
  if (at > limit.getTime()) return { hint: '', error: SCHEDULE_TOO_FAR }
  return { hint: `${scheduledLabel(chosen)}: hasta entonces no aparece en el sitio.` }
}
