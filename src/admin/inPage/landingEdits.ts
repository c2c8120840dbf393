/**
 * Saving what staff typed on a landing page in edit mode: each changed place is a text override
 * (content_blocks), written as the Textos tab writes it: an update guarded by the version read when edit mode
 * opened (docs/decisions/0066-edit-conflicts-by-precondition.md), or an insert for a place with no override yet,
 * which the table's unique (page, key) refuses when someone else replaced that text meanwhile. Row-level
 * security decides, two-factor included, and the revision trigger records each write.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Tables } from '../../lib/database.types'
import type { ToastInput } from '../../lib/toast'
import type { TextPlace } from '../../siteContent/places'
import { updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { describeWriteError } from '../shared/twoFactorRefusal'

export type OverrideVersion = Pick<Tables<'content_blocks'>, 'id' | 'updated_at'>

export interface PlaceEdit {
  /** The place's mark (src/siteContent/placeMarks.ts). */
  id: string
  place: TextPlace
  text: string
  /** The override as read when edit mode opened (or as this session last saved it); null when the file's text shows. */
  override: OverrideVersion | null
}

/** What a save reports besides its outcome: the override as written, to guard the next save of the place. */
export type EditOutcome = GuardedOutcome & { saved?: OverrideVersion; theirs?: OverrideVersion | null }

const UNIQUE_VIOLATION = '23505'

export async function saveEdit(
  supabase: SupabaseClient<Database>,
  page: string,
  edit: PlaceEdit,
  notify: (message: ToastInput) => void,
): Promise<EditOutcome> {
  const messages = { errorTitle: `No se pudo guardar «${edit.place.label}»`, notify }
  if (edit.override) {
    const result = await updateIfUnchanged(
      supabase,
      'content_blocks',
      { id: edit.override.id },
      edit.override.updated_at,
      { content: edit.text },
      messages,
    )
    if (result.ok) return { ...result, saved: { id: edit.override.id, updated_at: result.updatedAt ?? edit.override.updated_at } }
    return { ...result, theirs: result.conflict ? await overrideAt(supabase, page, edit.place) : undefined }
  }
  const { data, error } = await supabase
    .from('content_blocks')
    .insert({ page, section: edit.place.section, key: edit.place.key, title: edit.place.label, content: edit.text })
    .select('id, updated_at')
    .single()
  if (data) return { ok: true, updatedAt: data.updated_at, saved: data }
  if (error.code === UNIQUE_VIOLATION) {
    // Someone else replaced this text since edit mode opened: the same refusal as a changed override.
    const theirs = await overrideAt(supabase, page, edit.place)
    return { ok: false, conflict: { changedAt: theirs?.updated_at ?? null }, theirs }
  }
  notify({ title: messages.errorTitle, description: await describeWriteError(error, 'un texto', supabase), variant: 'destructive' })
  return { ok: false }
}

/** The place's override now, or null when there is none. */
export async function overrideAt(supabase: SupabaseClient<Database>, page: string, place: Pick<TextPlace, 'key'>): Promise<OverrideVersion | null> {
  const { data } = await supabase.from('content_blocks').select('id, updated_at').eq('page', page).eq('key', place.key).maybeSingle()
  return data
}

export type Override = Pick<Tables<'content_blocks'>, 'id' | 'updated_at' | 'section' | 'key' | 'content'>

/** Every override of the page: what its staff render shows, and each one's version. */
export async function overridesOf(supabase: SupabaseClient<Database>, page: string): Promise<Override[]> {
  const { data, error } = await supabase.from('content_blocks').select('id, updated_at, section, key, content').eq('page', page)
  if (error) throw new Error(error.message)
  return data
}
