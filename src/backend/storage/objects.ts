// Writes to objects: upload (POST, or PUT to replace), remove, move, copy — Supabase Storage's routes
// (src/http/routes/object/{createObject,updateObject,deleteObject(s),moveObject,copyObject}.ts) and
// answers. Every write runs as the caller, so the RLS policies on storage.objects decide; an upload is
// checked against them before its body is read (a refused caller never gets to stream 10 MB), and again
// when its row is written.
import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { Readable } from 'node:stream'
import type { Transaction } from '../db.ts'
import { ownerOf, type Caller } from './caller.ts'
import { checkContent, isAllowedType } from './content.ts'
import { errors, StorageError } from './errors.ts'
import { findBucket, selectObject, OBJECT_COLUMNS, type BucketRow, type ObjectRow, type StorageContext } from './context.ts'
import { withoutPrivateMetadata } from './metadata.ts'
import { mustBeValidKey } from './names.ts'
import { readUpload, type UploadedBody } from './upload.ts'

export interface UploadTarget {
  bucketId: string
  name: string
  upsert: boolean
  /**
   * Signed upload URLs write as the member who signed them (the claims the URL carries), checked again by the
   * policies when the body arrives: a signer removed from the team since is refused at once.
   */
  as?: { caller: Caller; owner: string | null }
}

/** POST/PUT /object/{bucket}/{name}: answers `{Id, Key}` with Key = "bucket/name". */
export async function upload(ctx: StorageContext, target: UploadTarget): Promise<{ Id: string; Key: string }> {
  mustBeValidKey(target.name)
  const bucket = await findBucket(ctx, target.bucketId)
  const caller = target.as?.caller ?? (await ctx.caller())
  const owner = target.as ? target.as.owner : ownerOf(caller)
  const write = (tx: Transaction, version: string, body?: Body) => writeRow(tx, bucket.id, target.name, owner, version, target.upsert, body)
  await mayWrite(ctx, caller, bucket.id, target.name, owner, target.upsert)

  let body = await readUpload(ctx.req, ctx.files, sizeLimit(ctx, bucket))
  const version = randomUUID()
  try {
    const mimetype = await acceptedType(bucket, body)
    body = await publishable(ctx, bucket, body, mimetype)
    await ctx.files.commit(body.temp, version)
    const { row, replaced } = await ctx.db.asCaller(caller, (tx) => write(tx, version, { ...body, mimetype }))
    await ctx.files.remove(replaced)
    return { Id: row.id, Key: `${bucket.id}/${row.name}` }
  } catch (error) {
    await ctx.files.discard(body.temp)
    await ctx.files.remove(version)
    throw error
  }
}

type Body = UploadedBody & { mimetype: string }

/**
 * The body as a public bucket keeps it: an image without its location, camera and other descriptive
 * metadata (metadata.ts), written as a new temporary file with its own size and MD5; any other body as sent.
 */
async function publishable(ctx: StorageContext, bucket: BucketRow, body: UploadedBody, mimetype: string): Promise<UploadedBody> {
  if (!bucket.public || !/^image\/(jpeg|png|webp|gif|avif)$/.test(mimetype)) return body
  const clean = await withoutPrivateMetadata(await readFile(body.temp)).catch((error: unknown) => {
    // Not an image sharp reads (a bucket without an allow-list keeps what it is sent); a refusal stands.
    if (error instanceof StorageError) throw error
    return null
  })
  if (!clean) return body
  const written = await ctx.files.write(Readable.from([clean]), Number.POSITIVE_INFINITY)
  await ctx.files.discard(body.temp)
  return { ...body, ...written }
}

/**
 * Whether the policies let `caller` write this object (insert, or with upsert replace it), before any body
 * is read or a signed upload URL is made; nothing is kept. Throws Storage's 403 or 409.
 */
export function mayWrite(ctx: StorageContext, caller: Caller, bucketId: string, name: string, owner: string | null, upsert: boolean): Promise<void> {
  return ctx.db.allows(caller, (tx) => writeRow(tx, bucketId, name, owner, randomUUID(), upsert))
}

function sizeLimit(ctx: StorageContext, bucket: BucketRow): number {
  const own = bucket.file_size_limit
  return own === null ? ctx.limits.maxFileBytes : Math.min(own, ctx.limits.maxFileBytes)
}

/**
 * The type stored for the body. With an allow-list, the declared type must be allowed (Storage's own
 * check) and so must the type the content really is, which is the one kept; without one, the declared type.
 */
async function acceptedType(bucket: BucketRow, body: UploadedBody): Promise<string> {
  const allowed = bucket.allowed_mime_types
  if (!allowed?.length) return body.declaredType
  const declared = body.declaredType.split(';')[0]!.trim().toLowerCase()
  if (!isAllowedType(declared, allowed)) throw errors.invalidMimeType(declared)
  return (await checkContent(body.temp, body.size, allowed)).mimetype
}

/**
 * Inserts (or, with upsert, replaces) the row; returns it and the version it replaced. Without a body it
 * writes a placeholder row: the policy check before the upload, always rolled back.
 */
async function writeRow(
  tx: Transaction,
  bucketId: string,
  name: string,
  owner: string | null,
  version: string,
  upsert: boolean,
  body?: Body,
): Promise<{ row: ObjectRow; replaced: string | null }> {
  const now = new Date().toISOString()
  const metadata = body && {
    eTag: `"${body.md5}"`,
    size: body.size,
    mimetype: body.mimetype,
    cacheControl: body.cacheControl,
    lastModified: now,
    contentLength: body.size,
    httpStatusCode: 200,
  }
  const previous = upsert ? await selectObject(tx, bucketId, name) : undefined
  const values = [bucketId, name, owner, version, metadata ?? null, body?.userMetadata ?? {}]
  const sql = upsert
    ? `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3::uuid, $3, $4, $5, $6)
       on conflict (bucket_id, name) do update
         set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version, metadata = excluded.metadata,
             user_metadata = excluded.user_metadata, updated_at = now(), last_accessed_at = now()
       returning ${OBJECT_COLUMNS}`
    : `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
         values ($1, $2, $3::uuid, $3, $4, $5, $6) returning ${OBJECT_COLUMNS}`
  const { rows } = await tx.query<ObjectRow>(sql, values)
  return { row: rows[0]!, replaced: previous?.version ?? null }
}

/** DELETE /object/{bucket} with `{prefixes: [...]}`: the rows removed (only those the caller may delete). */
export async function removeMany(ctx: StorageContext, bucketId: string): Promise<ObjectRow[]> {
  const { prefixes } = await ctx.json()
  if (!Array.isArray(prefixes) || !prefixes.every((p) => typeof p === 'string') || prefixes.length > 1000) {
    throw errors.invalidRequest('prefixes must be an array of at most 1000 object names')
  }
  await findBucket(ctx, bucketId)
  const caller = await ctx.caller()
  const rows = await ctx.db.asCaller(
    caller,
    async (tx) =>
      (
        await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning ${OBJECT_COLUMNS}`, [
          bucketId,
          prefixes,
        ])
      ).rows,
  )
  for (const row of rows) await ctx.files.remove(row.version)
  return rows
}

/** DELETE /object/{bucket}/{name}. */
export async function removeOne(ctx: StorageContext, bucketId: string, name: string): Promise<{ message: string }> {
  await findBucket(ctx, bucketId)
  const caller = await ctx.caller()
  const row = await ctx.db.asCaller(
    caller,
    async (tx) =>
      (await tx.query<ObjectRow>(`delete from storage.objects where bucket_id = $1 and name = $2 returning version`, [bucketId, name])).rows[0],
  )
  if (!row) throw errors.noSuchKey()
  await ctx.files.remove(row.version)
  return { message: 'Successfully deleted' }
}

interface Transfer {
  bucketId: string
  sourceKey: string
  destinationBucket: string
  destinationKey: string
}

async function transferOf(ctx: StorageContext): Promise<Transfer> {
  const body = await ctx.json()
  const { bucketId, sourceKey, destinationKey } = body
  if (typeof bucketId !== 'string' || typeof sourceKey !== 'string' || typeof destinationKey !== 'string') {
    throw errors.invalidRequest('bucketId, sourceKey and destinationKey are required')
  }
  const destinationBucket = typeof body.destinationBucket === 'string' && body.destinationBucket ? body.destinationBucket : bucketId
  mustBeValidKey(destinationKey)
  await findBucket(ctx, bucketId)
  if (destinationBucket !== bucketId) await findBucket(ctx, destinationBucket)
  return { bucketId, sourceKey, destinationBucket, destinationKey }
}

/** POST /object/move: a rename of the row (the body stays where it is, under its version). */
export async function move(ctx: StorageContext): Promise<{ message: string; Id: string; Key: string }> {
  const t = await transferOf(ctx)
  const caller = await ctx.caller()
  const row = await ctx.db.asCaller(caller, async (tx) => {
    if (!(await selectObject(tx, t.bucketId, t.sourceKey))) throw errors.noSuchKey()
    if (await selectObject(tx, t.destinationBucket, t.destinationKey)) throw errors.keyAlreadyExists()
    const { rows } = await tx.query<ObjectRow>(
      `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2 returning ${OBJECT_COLUMNS}`,
      [t.bucketId, t.sourceKey, t.destinationBucket, t.destinationKey],
    )
    // The row was readable but the update matched nothing: the policies refuse the caller this write.
    if (!rows[0]) throw errors.accessDenied('new row violates row-level security policy')
    return rows[0]
  })
  return { message: 'Successfully moved', Id: row.id, Key: row.name }
}

/** POST /object/copy: a new version of the body under the destination name. */
export async function copy(ctx: StorageContext): Promise<Record<string, unknown>> {
  const t = await transferOf(ctx)
  const caller = await ctx.caller()
  const upsert = ctx.api.headers['x-upsert'] === 'true'
  const source = await ctx.db.asCaller(caller, (tx) => selectObject(tx, t.bucketId, t.sourceKey))
  if (!source?.version) throw errors.noSuchKey()
  const version = randomUUID()
  await ctx.files.copy(source.version, version)
  try {
    const { row, replaced } = await ctx.db.asCaller(caller, async (tx) => {
      const previous = upsert ? await selectObject(tx, t.destinationBucket, t.destinationKey) : undefined
      const { rows } = await tx.query<ObjectRow>(
        `insert into storage.objects (bucket_id, name, owner, owner_id, version, metadata, user_metadata)
           values ($1, $2, $3::uuid, $3, $4, $5, $6)
         ${upsert ? 'on conflict (bucket_id, name) do update set version = excluded.version, metadata = excluded.metadata, user_metadata = excluded.user_metadata, updated_at = now()' : ''}
         returning ${OBJECT_COLUMNS}`,
        [t.destinationBucket, t.destinationKey, ownerOf(caller), version, source.metadata, source.user_metadata],
      )
      return { row: rows[0]!, replaced: previous?.version ?? null }
    })
    await ctx.files.remove(replaced)
    return { Id: row.id, Key: `${t.destinationBucket}/${t.destinationKey}`, ...row }
  } catch (error) {
    await ctx.files.remove(version)
    throw error
  }
}
