// Reading objects: their bodies (GET, HEAD) and their info, as Supabase Storage serves them
// (src/http/routes/object/{getObject,getPublicObject,getSignedObject,getObjectInfo}.ts): authenticated
// reads run as the caller (RLS decides), public reads need a public bucket, signed reads a valid token.
import { pipeline } from 'node:stream/promises'
import { errors } from './errors.ts'
import { findBucket, selectObject, type ObjectRow, type StorageContext } from './context.ts'

export type Access = 'caller' | 'public' | 'signed'

/** The row to serve, read as the access mode allows; 404 (NoSuchKey/NoSuchBucket) when it is not there. */
export async function readableObject(ctx: StorageContext, bucketId: string, name: string, access: Access): Promise<ObjectRow> {
  const bucket = await findBucket(ctx, bucketId)
  if (access === 'public' && !bucket.public) throw errors.noSuchBucket()
  const row =
    access === 'caller'
      ? await ctx.db.asCaller(await ctx.caller(), (tx) => selectObject(tx, bucketId, name))
      : await ctx.db.asOwner((tx) => selectObject(tx, bucketId, name))
  if (!row?.version || !(await ctx.files.exists(row.version))) throw errors.noSuchKey()
  return row
}

/** Writes the object's body (or, for HEAD, only its headers). */
export async function sendBody(ctx: StorageContext, row: ObjectRow, head: boolean): Promise<void> {
  const meta = row.metadata ?? {}
  const eTag = meta.eTag ?? `"${row.version}"`
  const headers: Record<string, string> = {
    'Content-Type': meta.mimetype ?? 'application/octet-stream',
    'Cache-Control': meta.cacheControl ?? 'max-age=3600',
    ETag: eTag,
    'Last-Modified': new Date(meta.lastModified ?? row.updated_at).toUTCString(),
    // Uploaded content is never a page of this site: no script, no framing, whatever its type says.
    'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Expose-Headers': 'Content-Length, Content-Type, ETag, Last-Modified',
  }
  const download = ctx.api.query.get('download')
  if (download !== null) {
    const filename = download || row.name.split('/').pop() || 'download'
    headers['Content-Disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(filename)}`
  }
  if (ctx.req.headers['if-none-match'] === eTag) {
    ctx.res.writeHead(304, headers)
    return void ctx.res.end()
  }
  ctx.res.writeHead(200, { ...headers, 'Content-Length': String(meta.size ?? 0) })
  if (head || ctx.req.method === 'HEAD') return void ctx.res.end()
  await pipeline(ctx.files.read(row.version!), ctx.res)
}

/** GET /object/info/{bucket}/{name}: Storage's InfoRenderer body. */
export function objectInfo(row: ObjectRow): Record<string, unknown> {
  const meta = row.metadata ?? {}
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  }
}
