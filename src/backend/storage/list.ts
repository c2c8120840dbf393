// POST /object/list/{bucket} `{prefix, limit, offset, sortBy, search}`: one level of the bucket as
// Supabase Storage's `storage.search` returns it — the folders under the prefix first (name only, other
// fields null), then the objects at that level — with the caller's policies deciding what is seen.
import { errors } from './errors.ts'
import { findBucket, type StorageContext } from './context.ts'

const SORT_COLUMNS = new Set(['name', 'updated_at', 'created_at', 'last_accessed_at'])

interface Entry {
  name: string
  id: string | null
  updated_at: string | null
  created_at: string | null
  last_accessed_at: string | null
  metadata: Record<string, unknown> | null
}

export async function listObjects(ctx: StorageContext, bucketId: string): Promise<Entry[]> {
  const body = await ctx.json()
  if (typeof body.prefix !== 'string') throw errors.invalidRequest("body must have required property 'prefix'")
  const limit = Math.min(Math.max(Number(body.limit ?? 100) || 100, 1), 1000)
  const offset = Math.max(Number(body.offset ?? 0) || 0, 0)
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown }
  const column = SORT_COLUMNS.has(String(sortBy.column)) ? String(sortBy.column) : 'name'
  const order = String(sortBy.order).toLowerCase() === 'desc' ? 'desc' : 'asc'
  const search = typeof body.search === 'string' ? body.search : ''
  const prefix = body.prefix && !body.prefix.endsWith('/') ? `${body.prefix}/` : body.prefix
  const level = prefix.split('/').length // "" → 1, "a/" → 2
  await findBucket(ctx, bucketId)
  const pattern = `${escapeLike(`${prefix}${search}`.toLowerCase())}%`
  return ctx.db.asCaller(await ctx.caller(), async (tx) => {
    const folders = await tx.query<Entry>(
      `select distinct path_tokens[$3] as name, null as id, null as updated_at, null as created_at, null as last_accessed_at, null::jsonb as metadata
         from storage.objects where bucket_id = $1 and lower(name) like $2 and array_length(path_tokens, 1) > $3
        order by 1 ${order} limit $4`,
      [bucketId, pattern, level, offset + limit],
    )
    const files = await tx.query<Entry>(
      `select path_tokens[$3] as name, id, updated_at, created_at, last_accessed_at, metadata
         from storage.objects where bucket_id = $1 and lower(name) like $2 and array_length(path_tokens, 1) = $3
        order by ${column} ${order}, name limit $4`,
      [bucketId, pattern, level, offset + limit],
    )
    return [...folders.rows, ...files.rows].slice(offset, offset + limit)
  })
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}
