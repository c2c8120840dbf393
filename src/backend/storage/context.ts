// What every storage handler works with: the request (raw, for streaming bodies, and parsed), the
// caller, the database as caller or owner, the file store and the limits; and the rows they read.
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Transaction } from '../db.ts'
import type { Keys } from '../keys.ts'
import type { ApiRequest } from '../reply.ts'
import type { Caller, StorageDb } from './caller.ts'
import { errors } from './errors.ts'
import type { FileStore } from './files.ts'

export interface StorageLimits {
  /** Largest object in any bucket (a bucket's own file_size_limit can only narrow it). */
  maxFileBytes: number
}

export interface StorageContext {
  req: IncomingMessage
  res: ServerResponse
  api: ApiRequest
  /** Resolves the caller from the request's token (throws InvalidJWT); cached per request. */
  caller(): Promise<Caller>
  db: StorageDb
  files: FileStore
  keys: Keys
  limits: StorageLimits
  /** Reads a JSON body (at most 1 MB); `{}` when there is none. */
  json(): Promise<Record<string, unknown>>
}

export interface BucketRow {
  id: string
  name: string
  owner: string | null
  public: boolean
  file_size_limit: number | null
  allowed_mime_types: string[] | null
  created_at: string
  updated_at: string
}

/** What Storage keeps about an object's body in storage.objects.metadata. */
export interface ObjectMetadata {
  eTag?: string
  size?: number
  mimetype?: string
  cacheControl?: string
  lastModified?: string
  contentLength?: number
  httpStatusCode?: number
}

export interface ObjectRow {
  id: string
  bucket_id: string
  name: string
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: ObjectMetadata | null
  user_metadata: Record<string, unknown> | null
  created_at: string
  updated_at: string
  last_accessed_at: string
}

// file_size_limit is a bigint: read as a number (PGlite would give a BigInt, which JSON cannot carry).
export const BUCKET_COLUMNS = 'id, name, owner, public, file_size_limit::float8 as file_size_limit, allowed_mime_types, created_at, updated_at'
export const OBJECT_COLUMNS = 'id, bucket_id, name, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at'

/** The bucket, looked up by the service itself (Storage's `asSuperUser().findBucket`); 404 when missing. */
export async function findBucket(ctx: StorageContext, id: string): Promise<BucketRow> {
  const bucket = await ctx.db.asOwner(
    async (tx) => (await tx.query<BucketRow>(`select ${BUCKET_COLUMNS} from storage.buckets where id = $1`, [id])).rows[0],
  )
  if (!bucket) throw errors.noSuchBucket()
  return bucket
}

export async function selectObject(tx: Transaction, bucketId: string, name: string): Promise<ObjectRow | undefined> {
  return (await tx.query<ObjectRow>(`select ${OBJECT_COLUMNS} from storage.objects where bucket_id = $1 and name = $2`, [bucketId, name])).rows[0]
}
