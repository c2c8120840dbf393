// /storage/v1: the part of Supabase Storage's HTTP API (supabase/storage src/http/routes/{bucket,object})
// that storage-js's bucket and file APIs call, served by the embedded backend (decision 0060). http.ts
// hands over the request after the gateway's checks (API key, CORS preflight, URL limits) without reading
// its body, so uploads stream. Out of scope: resumable (TUS) and S3-protocol uploads, image
// transformation (/render/image), vector and analytics buckets, list-v2 and CDN purges: they answer 404.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Database } from '../db.ts'
import type { Keys } from '../keys.ts'
import { logUnexpectedError } from '../log.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { createBucket, deleteBucket, emptyBucket, getBucket, listBuckets, updateBucket } from './buckets.ts'
import { callerOf, StorageDb, type Caller } from './caller.ts'
import type { StorageContext, StorageLimits } from './context.ts'
import { objectInfo, readableObject, sendBody, type Access } from './download.ts'
import { errors, isNoSpace, StorageError } from './errors.ts'
import { FileStore } from './files.ts'
import { listObjects } from './list.ts'
import { copy, move, removeMany, removeOne, upload } from './objects.ts'
import { signerOf, signMany, signOne, signUpload, verifySigned } from './signedUrls.ts'

export const DEFAULT_STORAGE_LIMITS: StorageLimits = { maxFileBytes: 10 * 1024 * 1024 }
const MAX_JSON_BYTES = 1024 * 1024
const CORS = { 'Access-Control-Allow-Origin': '*', 'Access-Control-Expose-Headers': 'Content-Length, Content-Type, ETag, Last-Modified' }

type Handler = (ctx: StorageContext, params: Params) => Promise<unknown> | 'streamed'
interface Params {
  bucket: string
  name: string
}

export class StorageService {
  private readonly db: StorageDb

  private constructor(
    database: Database,
    readonly files: FileStore,
    private readonly keys: Keys,
    private readonly limits: StorageLimits,
  ) {
    this.db = new StorageDb(database)
  }

  static async open(database: Database, dataDir: string, keys: Keys, limits: Partial<StorageLimits> = {}): Promise<StorageService> {
    const files = await FileStore.open(dataDir)
    const versions = await database.transaction(
      async (tx) => (await tx.query<{ version: string }>('select version from storage.objects where version is not null')).rows,
    )
    await files.sweep(new Set(versions.map((row) => row.version)))
    return new StorageService(database, files, keys, { ...DEFAULT_STORAGE_LIMITS, ...limits })
  }

  /**
   * An object of a public bucket, for this server's own use (the image variants of src/host/images/):
   * its version (ETag) and a way to read its body; null when the bucket is not public or the object is missing.
   */
  async publicObject(bucketId: string, name: string): Promise<{ version: string; read: () => Promise<Buffer> } | null> {
    const row = await this.db.asOwner(
      async (tx) =>
        (
          await tx.query<{ version: string | null; etag: string | null }>(
            `select o.version, o.metadata->>'eTag' as etag from storage.objects o join storage.buckets b on b.id = o.bucket_id
              where b.public and o.bucket_id = $1 and o.name = $2`,
            [bucketId, name],
          )
        ).rows[0],
    )
    const version = row?.version
    if (!version) return null
    return { version: row.etag ?? version, read: () => this.files.readAll(version) }
  }

  /** Serves one request; `api.path` is the path below /storage/v1. */
  async handle(req: IncomingMessage, res: ServerResponse, api: ApiRequest): Promise<void> {
    let caller: Promise<Caller> | undefined
    const ctx: StorageContext = {
      req,
      res,
      api,
      caller: () => (caller ??= callerOf(api, this.keys)),
      db: this.db,
      files: this.files,
      keys: this.keys,
      limits: this.limits,
      json: () => readJson(req),
    }
    try {
      const route = this.route(api.method, api.path)
      if (!route) throw errors.notFound(`${api.method}:/storage/v1${api.path}`)
      const result = await route.handler(ctx, route.params)
      if (result !== 'streamed') send(res, json(200, result, CORS))
    } catch (error) {
      const known = error instanceof StorageError ? error : isNoSpace(error) ? errors.insufficientStorage() : null
      if (!known) logUnexpectedError(req, error)
      req.resume()
      const reply = (known ?? new StorageError(500, 'InternalError', 'Internal server error')).reply(CORS)
      if (res.headersSent) res.destroy()
      else send(res, reply)
    }
  }

  private route(method: string, path: string): { handler: Handler; params: Params } | null {
    const parts = path.split('/').slice(1)
    let segments: string[]
    try {
      segments = parts.map((part) => decodeURIComponent(part))
    } catch {
      throw errors.invalidKey(path)
    }
    const [kind, ...rest] = segments
    const at = (n: number): Params => ({ bucket: rest[n] ?? '', name: rest.slice(n + 1).join('/') })
    const get = method === 'GET' || method === 'HEAD'
    if (kind === 'bucket') {
      const [id, action] = rest
      if (!id) return method === 'GET' ? { handler: listBuckets, params: at(0) } : method === 'POST' ? { handler: createBucket, params: at(0) } : null
      if (action === 'empty' && method === 'POST') return { handler: (ctx) => emptyBucket(ctx, id), params: at(0) }
      if (action !== undefined) return null
      const byMethod: Record<string, Handler> = {
        GET: (ctx) => getBucket(ctx, id),
        PUT: (ctx) => updateBucket(ctx, id),
        DELETE: (ctx) => deleteBucket(ctx, id),
      }
      return byMethod[method] ? { handler: byMethod[method], params: at(0) } : null
    }
    if (kind !== 'object') return null
    const [first, second] = rest
    if (method === 'POST' && first === 'move' && rest.length === 1) return { handler: move, params: at(0) }
    if (method === 'POST' && first === 'copy' && rest.length === 1) return { handler: copy, params: at(0) }
    if (method === 'POST' && first === 'list' && rest.length === 2) return { handler: (ctx, p) => listObjects(ctx, p.bucket), params: at(1) }
    if (first === 'sign') {
      if (method === 'POST' && rest.length === 2) return { handler: (ctx, p) => signMany(ctx, p.bucket), params: at(1) }
      if (method === 'POST') return { handler: (ctx, p) => signOne(ctx, p.bucket, p.name), params: at(1) }
      if (get) return { handler: (ctx, p) => this.serve(ctx, p, 'signed'), params: at(1) }
    }
    if (first === 'upload' && second === 'sign') {
      if (method === 'POST') return { handler: (ctx, p) => signUpload(ctx, p.bucket, p.name), params: at(2) }
      if (method === 'PUT') return { handler: (ctx, p) => this.uploadSigned(ctx, p), params: at(2) }
    }
    if (first === 'info' && get) {
      const skip = second === 'public' || second === 'authenticated' ? 2 : 1
      return {
        handler: async (ctx, p) => objectInfo(await readableObject(ctx, p.bucket, p.name, second === 'public' ? 'public' : 'caller')),
        params: at(skip),
      }
    }
    if (get && (first === 'public' || first === 'authenticated'))
      return { handler: (ctx, p) => this.serve(ctx, p, first === 'public' ? 'public' : 'caller'), params: at(1) }
    if (get) return { handler: (ctx, p) => this.serve(ctx, p, 'caller'), params: at(0) }
    if (method === 'POST' || method === 'PUT') {
      // PUT replaces (storage-js `update`); POST replaces only with `x-upsert: true`.
      return {
        handler: (ctx, p) => upload(ctx, { bucketId: p.bucket, name: p.name, upsert: method === 'PUT' || ctx.api.headers['x-upsert'] === 'true' }),
        params: at(0),
      }
    }
    if (method === 'DELETE') {
      return rest.length === 1
        ? { handler: (ctx, p) => removeMany(ctx, p.bucket), params: at(0) }
        : { handler: (ctx, p) => removeOne(ctx, p.bucket, p.name), params: at(0) }
    }
    return null
  }

  private serve(ctx: StorageContext, p: Params, access: Access): Promise<'streamed'> {
    return (async () => {
      if (access === 'signed') await verifySigned(ctx, p.bucket, p.name)
      const row = await readableObject(ctx, p.bucket, p.name, access)
      await sendBody(ctx, row, false)
      return 'streamed' as const
    })()
  }

  private async uploadSigned(ctx: StorageContext, p: Params): Promise<unknown> {
    const claims = await verifySigned(ctx, p.bucket, p.name)
    const owner = typeof claims.owner === 'string' ? claims.owner : null
    const { Key } = await upload(ctx, {
      bucketId: p.bucket,
      name: p.name,
      upsert: claims.upsert === true,
      as: { caller: signerOf(claims), owner },
    })
    return { Key, Id: Key, url: Key }
  }
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_JSON_BYTES) throw errors.entityTooLarge()
    chunks.push(chunk)
  }
  const text = Buffer.concat(chunks).toString('utf8')
  if (!text.trim()) return {}
  try {
    const value: unknown = JSON.parse(text)
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>
  } catch {
    // answered below
  }
  throw errors.invalidRequest('The request body must be a JSON object')
}

function send(res: ServerResponse, reply: Reply): void {
  const length = reply.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(reply.body)) }
  res.writeHead(reply.status, { ...reply.headers, ...length })
  res.end(reply.body)
}
