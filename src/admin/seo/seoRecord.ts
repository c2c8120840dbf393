import type { Tables, TablesInsert } from '../../lib/database.types'

type SeoColumns = Tables<'seo_metadata'>

/** The overridable texts of a seo_metadata row: every column but its key, robots flags and bookkeeping. */
export type SeoTextField = Exclude<keyof SeoColumns, 'id' | 'page_path' | 'noindex' | 'nofollow' | 'created_at' | 'updated_at'>

/** A seo_metadata row as the form edits it: text fields as strings, '' for none. */
export type SeoRecord = Pick<SeoColumns, 'page_path' | 'noindex' | 'nofollow'> & Record<SeoTextField, string>

/** Every text field, once: the compiler checks that none of the table's is missing. */
const textFieldSet: Record<SeoTextField, true> = {
  meta_title: true,
  meta_description: true,
  keywords: true,
  canonical_url: true,
  og_title: true,
  og_description: true,
  og_image: true,
  twitter_title: true,
  twitter_description: true,
  twitter_image: true,
}
const textFields = Object.keys(textFieldSet) as SeoTextField[]

/** A page without a row of its own: nothing overridden, robots as the page itself sets them. */
export function emptySeo(pagePath: string, noindex = false): SeoRecord {
  return { page_path: pagePath, ...Object.fromEntries(textFields.map((f) => [f, ''])), noindex, nofollow: noindex } as SeoRecord
}

/**
 * A stored row for the form. It is read under `pagePath` even when it was stored under an old
 * spelling of that path, so saving moves it to the real one.
 */
export function seoFromRow(row: SeoColumns, pagePath: string): SeoRecord {
  const record = emptySeo(pagePath)
  for (const f of textFields) record[f] = row[f] ?? ''
  return { ...record, noindex: row.noindex, nofollow: row.nofollow }
}

/** What is upserted (keyed on page_path): empty texts are stored as null. */
export function seoToRow(record: SeoRecord): TablesInsert<'seo_metadata'> {
  const texts = Object.fromEntries(textFields.map((f) => [f, record[f].trim() || null])) as Record<SeoTextField, string | null>
  return { page_path: record.page_path, noindex: record.noindex, nofollow: record.nofollow, ...texts }
}
