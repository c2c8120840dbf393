/**
 * What «Editar en la página» edits, by record (docs/decisions/0101-edit-on-the-page.md): a landing page's text
 * places (content_blocks, as the Textos tab writes them), a post's title, a page's title and its heading blocks.
 * Each opens as a session: the record as stored now (what the staff render shows), the places edit mode may
 * change with the form's own rule for each, and a save through the same API, row-level security and edit-conflict
 * precondition as the record's form (decision 0066), which keeps the version it wrote for the next save.
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database, Json } from '../../lib/database.types'
import type { ToastInput } from '../../lib/toast'
import type { PreviewDraft } from '../../pageData/livePreview'
import { blockSchemas, parseBlocks, type Block } from '../../siteContent/blocks'
import { placeId } from '../../siteContent/placeMarks'
import { pagePlaces, postPlaces } from '../../siteContent/recordPlaces'
import { updateIfUnchanged, type GuardedOutcome } from '../shared/conflicts'
import { textOverrideError } from '../textPlaces/textOverrideRules'
import type { TextPlacePage } from '../textPlaces/textPlacePages'
import { overridesOf, saveEdit, type OverrideVersion } from './landingEdits'

export type EditTarget = { kind: 'landing'; page: TextPlacePage } | { kind: 'post'; id: string } | { kind: 'page'; id: string }

export interface EditablePlace {
  /** What staff call it: «Título principal», «Título de la entrada»… */
  label: string
  /** The form's rule: the Spanish reason the text cannot be saved, or null. */
  error: (text: string) => string | null
}

export interface SaveOptions {
  /** Save over the version a refusal reported («Sobrescribir con mis cambios»). */
  overwrite: boolean
  notify: (message: ToastInput) => void
  /** A place's text is stored now. */
  onSaved: (id: string, text: string) => void
}

export interface EditSession {
  /** The record as stored, for its staff render (src/pageData/livePreview.ts). */
  draft: PreviewDraft
  /** The places edit mode may change, by mark. */
  places: ReadonlyMap<string, EditablePlace>
  /** Saves the changed texts (trimmed, by mark); a refusal says which place it was about. */
  save: (edits: ReadonlyMap<string, string>, options: SaveOptions) => Promise<GuardedOutcome & { at?: string }>
}

/** What the conflict notice names: «Otra persona guardó cambios en este texto…». */
export const subjectOf = (target: EditTarget) => ({ landing: 'este texto', post: 'esta entrada', page: 'esta página' })[target.kind]

export function openSession(supabase: SupabaseClient<Database>, target: EditTarget): Promise<EditSession> {
  switch (target.kind) {
    case 'landing':
      return landingSession(supabase, target.page)
    case 'post':
      return postSession(supabase, target.id)
    case 'page':
      return pageSession(supabase, target.id)
  }
}

async function landingSession(supabase: SupabaseClient<Database>, page: TextPlacePage): Promise<EditSession> {
  const rows = await overridesOf(supabase, page.key)
  const versions = new Map<string, OverrideVersion>(rows.map(({ key, id, updated_at }) => [key, { id, updated_at }]))
  const byMark = new Map(page.places.map((place) => [placeId(place), place]))
  let refused: { id: string; theirs: OverrideVersion | null } | null = null
  return {
    draft: { kind: 'landing', path: page.path, blocks: rows.map(({ section, key, content }) => ({ section, key, content })) },
    places: new Map([...byMark].map(([id, place]) => [id, { label: place.label, error: textOverrideError }])),
    async save(edits, { overwrite, notify, onSaved }) {
      // One override per place: saved one after another, the first refusal stops the rest.
      for (const [id, text] of edits) {
        const place = byMark.get(id)!
        const override = overwrite && refused?.id === id ? refused.theirs : (versions.get(place.key) ?? null)
        const outcome = await saveEdit(supabase, page.key, { id, place, text, override }, notify)
        if (!outcome.ok) {
          if (outcome.conflict) refused = { id, theirs: outcome.theirs ?? null }
          return { ...outcome, at: id }
        }
        versions.set(place.key, outcome.saved!)
        onSaved(id, text)
      }
      refused = null
      return { ok: true, updatedAt: null }
    },
  }
}

const required = (what: string) => (text: string) => (text ? null : `${what} es obligatorio.`)

/**
 * One row whose fields the places write together (a post, a page): an update guarded by the version opened, as
 * the record's form saves it; after a refusal, «Sobrescribir» saves over the version the refusal reported.
 */
function rowSaver(
  supabase: SupabaseClient<Database>,
  table: 'blog_posts' | 'pages',
  id: string,
  openedAt: string,
  subject: string,
  fields: (edits: ReadonlyMap<string, string>) => Record<string, unknown>,
  /** The fields are stored now: the next save starts from them. */
  written: (fields: Record<string, unknown>) => void = () => undefined,
): EditSession['save'] {
  let version = openedAt
  let theirs: string | null = null
  return async (edits, { overwrite, notify, onSaved }) => {
    const next = fields(edits)
    const outcome = await updateIfUnchanged(supabase, table, { id }, overwrite && theirs ? theirs : version, next, {
      errorTitle: 'No se pudo guardar',
      subject,
      notify,
    })
    if (!outcome.ok) {
      theirs = outcome.conflict?.changedAt ?? null
      return { ...outcome, at: edits.keys().next().value }
    }
    version = outcome.updatedAt ?? version
    written(next)
    for (const [place, text] of edits) onSaved(place, text)
    return outcome
  }
}

async function postSession(supabase: SupabaseClient<Database>, id: string): Promise<EditSession> {
  const [post, tags] = await Promise.all([
    supabase.from('blog_posts').select('*').eq('id', id).single(),
    supabase.from('blog_post_tags').select('tag_id').eq('blog_post_id', id),
  ])
  if (post.error) throw new Error(post.error.message)
  const row = post.data
  const title = placeId(postPlaces.title)
  return {
    draft: {
      kind: 'post',
      id,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt ?? '',
      content: row.content,
      featuredImage: row.featured_image ?? '',
      tagIds: (tags.data ?? []).map((t) => t.tag_id),
    },
    places: new Map([[title, { label: 'Título de la entrada', error: required('El título') }]]),
    save: rowSaver(supabase, 'blog_posts', id, row.updated_at, 'una entrada', (edits) => ({ title: edits.get(title) })),
  }
}

async function pageSession(supabase: SupabaseClient<Database>, id: string): Promise<EditSession> {
  const { data: row, error } = await supabase.from('pages').select('*').eq('id', id).single()
  if (error) throw new Error(error.message)
  let stored = Array.isArray(row.content) ? row.content : []
  const title = placeId(pagePlaces.title)
  // The site renders a page's blocks only when every one is valid: then a heading's mark is its position here.
  const rendered = parseBlocks(stored).invalid.length === 0
  const headings = new Map(stored.flatMap((block, i) => (rendered && isHeading(block) ? [[placeId(pagePlaces.heading(i)), i] as const] : [])))
  const headingError = (text: string) => {
    const checked = blockSchemas.heading.shape.text.safeParse(text)
    return checked.success ? null : `${capitalised(checked.error.issues[0]!.message)}.`
  }
  return {
    draft: { kind: 'page', id, title: row.title, slug: row.slug, contentText: JSON.stringify(stored) },
    places: new Map([
      [title, { label: 'Título de la página', error: required('El título') }],
      ...[...headings].map(([mark, i]) => [mark, { label: `Título del bloque ${i + 1}`, error: headingError }] as const),
    ]),
    save: rowSaver(
      supabase,
      'pages',
      id,
      row.updated_at,
      'una página',
      (edits) => ({
        ...(edits.has(title) && { title: edits.get(title) }),
        content: stored.map((block, i) => {
          const text = edits.get(placeId(pagePlaces.heading(i)))
          return text === undefined ? block : { ...(block as Record<string, Json>), text }
        }),
      }),
      (fields) => (stored = fields.content as Json[]),
    ),
  }
}

function isHeading(block: Json): boolean {
  return typeof block === 'object' && block !== null && !Array.isArray(block) && (block as Partial<Block>).type === 'heading'
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1)
