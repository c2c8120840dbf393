// /bucket routes (supabase/storage src/http/routes/bucket/*.ts), run as the caller: buckets are rows
// of storage.buckets and their policies decide (in this product only the service role writes them; the
// `media` bucket is made by a migration).
import { ownerOf } from './caller.ts'
import { errors } from './errors.ts'
import { BUCKET_COLUMNS, findBucket, type BucketRow, type StorageContext } from './context.ts'
import { mustBeValidBucketName, parseFileSize } from './names.ts'

const SORT_COLUMNS = new Set(['id', 'name', 'created_at', 'updated_at'])

/** GET /bucket?limit&offset&sortColumn&sortOrder&search */
export async function listBuckets(ctx: StorageContext): Promise<BucketRow[]> {
  const q = ctx.api.query
  const column = SORT_COLUMNS.has(q.get('sortColumn') ?? '') ? q.get('sortColumn')! : 'name'
  const order = q.get('sortOrder') === 'desc' ? 'desc' : 'asc'
  const limit = Math.min(Math.max(Number(q.get('limit') ?? 1000) || 1000, 1), 1000)
  const offset = Math.max(Number(q.get('offset') ?? 0) || 0, 0)
  const search = `%${(q.get('search') ?? '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`
  return ctx.db.asCaller(
    await ctx.caller(),
    async (tx) =>
      (
        await tx.query<BucketRow>(
          `select ${BUCKET_COLUMNS} from storage.buckets where name ilike $1 order by ${column} ${order} limit $2 offset $3`,
          [search, limit, offset],
        )
      ).rows,
  )
}

/** GET /bucket/{id}: as the caller, so a bucket their policies hide is "not found". */
export async function getBucket(ctx: StorageContext, id: string): Promise<BucketRow> {
  const row = await ctx.db.asCaller(
    await ctx.caller(),
    async (tx) => (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
  )
  if (!row) throw errors.noSuchBucket()
  return row
}

interface BucketFields {
  public?: boolean
  file_size_limit?: number | null
  allowed_mime_types?: string[] | null
}

function bucketFields(body: Record<string, unknown>): BucketFields {
  const fields: BucketFields = {}
  if (body.public !== undefined) fields.public = body.public === true
  if (body.file_size_limit !== undefined) fields.file_size_limit = parseFileSize(body.file_size_limit)
  if (body.allowed_mime_types !== undefined) {
    const types = body.allowed_mime_types
    if (types !== null && (!Array.isArray(types) || !types.every((t) => typeof t === 'string' && /^[\w.+-]+\/[\w.+*-]+$/.test(t)))) {
      throw errors.invalidRequest('allowed_mime_types must be a list of mime types')
    }
    fields.allowed_mime_types = (types as string[] | null)?.length ? (types as string[]) : null
  }
  return fields
}

/** POST /bucket `{name, id?, public, file_size_limit, allowed_mime_types}` → `{name}`. */
export async function createBucket(ctx: StorageContext): Promise<{ name: string }> {
  const body = await ctx.json()
  const name = typeof body.name === 'string' ? body.name : ''
  const id = typeof body.id === 'string' && body.id ? body.id : name
  mustBeValidBucketName(id)
  const fields = bucketFields(body)
  const caller = await ctx.caller()
  await ctx.db.asCaller(
    caller,
    (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types) values ($1, $1, $2::uuid, $2, $3, $4, $5)`,
        [id, ownerOf(caller), fields.public ?? false, fields.file_size_limit ?? null, fields.allowed_mime_types ?? null],
      ),
    errors.bucketAlreadyExists,
  )
  return { name: id }
}

/** PUT /bucket/{id}: only the fields sent change. */
export async function updateBucket(ctx: StorageContext, id: string): Promise<{ message: string }> {
  const fields = bucketFields(await ctx.json())
  await findBucket(ctx, id)
  const entries = Object.entries(fields) as [string, unknown][]
  if (entries.length) {
    const sets = entries.map(([column], i) => `${column} = $${i + 2}`).join(', ')
    const updated = await ctx.db.asCaller(await ctx.caller(), async (tx) => {
      const result = await tx.query(`update storage.buckets set ${sets}, updated_at = now() where id = $1`, [id, ...entries.map(([, v]) => v)])
      return result.affectedRows ?? 0
    })
    if (!updated) throw errors.noSuchBucket()
  }
  return { message: 'Successfully updated' }
}

/** DELETE /bucket/{id}: only an empty bucket. */
export async function deleteBucket(ctx: StorageContext, id: string): Promise<{ message: string }> {
  await findBucket(ctx, id)
  const deleted = await ctx.db.asCaller(await ctx.caller(), async (tx) => {
    const { rows } = await tx.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id])
    if (rows.length) throw errors.bucketNotEmpty()
    return (await tx.query('delete from storage.buckets where id = $1', [id])).affectedRows ?? 0
  })
  if (!deleted) throw errors.noSuchBucket()
  return { message: 'Successfully deleted' }
}

/** POST /bucket/{id}/empty: removes every object the caller may delete (done at once here, not queued). */
export async function emptyBucket(ctx: StorageContext, id: string): Promise<{ message: string }> {
  await findBucket(ctx, id)
  const versions = await ctx.db.asCaller(
    await ctx.caller(),
    async (tx) => (await tx.query<{ version: string | null }>('delete from storage.objects where bucket_id = $1 returning version', [id])).rows,
  )
  for (const { version } of versions) await ctx.files.remove(version)
  return { message: 'Empty bucket has been queued. Completion may take up to an hour.' }
}
