/**
 * The address of one post or page's editor in the admin: `/admin?post=<id>` or `/admin?page=<id>`. The panel
 * opens the Blog or Páginas tab with that record's form; the Medios tab links to them from each image.
 */
export type RecordKind = 'post' | 'page'

export interface RecordRef {
  kind: RecordKind
  id: string
}

const KINDS: readonly RecordKind[] = ['post', 'page']

export function recordPath({ kind, id }: RecordRef): string {
  return `/admin?${new URLSearchParams({ [kind]: id }).toString()}`
}

/** The record a URL's query names, or null. */
export function recordFrom(search: string): RecordRef | null {
  const query = new URLSearchParams(search)
  for (const kind of KINDS) {
    const id = query.get(kind)
    if (id) return { kind, id }
  }
  return null
}
