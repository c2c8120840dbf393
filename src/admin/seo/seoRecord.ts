/** A seo_metadata row as the form edits it: text fields as strings, '' for none. */
export interface SeoRecord {
  page_path: string
  meta_title: string
  meta_description: string
  keywords: string
  canonical_url: string
  og_title: string
  og_description: string
  og_image: string
  twitter_title: string
  twitter_description: string
  twitter_image: string
  noindex: boolean
  nofollow: boolean
}

export type SeoTextField = Exclude<keyof SeoRecord, 'page_path' | 'noindex' | 'nofollow'>

const textFields: SeoTextField[] = [
  'meta_title',
  'meta_description',
  'keywords',
  'canonical_url',
  'og_title',
  'og_description',
  'og_image',
  'twitter_title',
  'twitter_description',
  'twitter_image',
]

/** A page without a row of its own: nothing overridden, robots as the page itself sets them. */
export function emptySeo(pagePath: string, noindex = false): SeoRecord {
  return { page_path: pagePath, ...Object.fromEntries(textFields.map((f) => [f, ''])), noindex, nofollow: noindex } as SeoRecord
}

/**
 * A stored row for the form. It is read under `pagePath` even when it was stored under an old
 * spelling of that path, so saving moves it to the real one.
 */
export function seoFromRow(row: Record<string, unknown>, pagePath: string): SeoRecord {
  const record = emptySeo(pagePath)
  for (const f of textFields) record[f] = typeof row[f] === 'string' ? row[f] : ''
  return { ...record, noindex: row.noindex === true, nofollow: row.nofollow === true }
}

export type SeoRow = { page_path: string; noindex: boolean; nofollow: boolean } & Record<SeoTextField, string | null>

/** What is upserted (keyed on page_path): empty texts are stored as null. */
export function seoToRow(record: SeoRecord): SeoRow {
  const texts = Object.fromEntries(textFields.map((f) => [f, record[f].trim() || null])) as Record<SeoTextField, string | null>
  return { page_path: record.page_path, noindex: record.noindex, nofollow: record.nofollow, ...texts }
}
