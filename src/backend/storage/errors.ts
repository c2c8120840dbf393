// Errors of /storage/v1 in Supabase Storage's shape (supabase/storage src/internal/errors/codes.ts and
// src/http/error-handler.ts): the body says `{statusCode, error, message, code}` with the real status as
// a string, while the HTTP status is 400 for every client error and the real one for server errors, as the
// hosted service answers (storage-js reads `statusCode` from the body). Storage has no code for a full disk
// (its file backend's ENOSPC would be a bare InternalError 500): here it is 507 Insufficient Storage
// (RFC 4918) with code `InsufficientStorage`, so a client can tell the upload was refused for want of space.
import type { Reply } from '../reply.ts'
import { json } from '../reply.ts'

export class StorageError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly error: string = code,
  ) {
    super(message)
  }

  reply(headers: Record<string, string> = {}): Reply {
    const body = { statusCode: String(this.statusCode), error: this.error, message: this.message, code: this.code }
    return json(this.statusCode >= 500 ? this.statusCode : 400, body, headers)
  }
}

export const errors = {
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (name: string) => new StorageError(400, 'InvalidBucketName', `Bucket name invalid: ${name}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  keyAlreadyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => new StorageError(409, 'BucketAlreadyExists', 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty', 'Bucket not empty'),
  entityTooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (type: string) => new StorageError(415, 'InvalidMimeType', `mime type ${type} is not supported`, 'invalid_mime_type'),
  emptyObject: () => new StorageError(400, 'InvalidRequest', 'The object is empty: a file of 0 bytes cannot be uploaded'),
  notFound: (path: string) => new StorageError(404, 'NotFound', `Route ${path} not found`, 'Not Found'),
  insufficientStorage: () =>
    new StorageError(507, 'InsufficientStorage', "No space left on the server's disk: the object was not stored", 'insufficient_storage'),
}

/**
 * A write refused for want of space: the file system's (ENOSPC, or EDQUOT for a quota) while a body streams
 * in or is copied, or the database's (53100 disk_full) while its row is written. Nothing is half-stored: the
 * temporary file is removed and the row's transaction rolled back.
 */
export function isNoSpace(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'ENOSPC' || code === 'EDQUOT' || code === '53100'
}

interface PgError {
  code?: string
  message?: string
}

/** Postgres errors as Supabase Storage maps them (src/storage/database/errors.ts). */
export function fromDatabaseError(error: unknown, duplicate: () => StorageError = errors.keyAlreadyExists): StorageError | null {
  const pg = error as PgError
  if (pg?.code === '42501') {
    return errors.accessDenied(pg.message?.includes('row-level security') ? 'new row violates row-level security policy' : pg.message)
  }
  if (pg?.code === '23505') return duplicate()
  return null
}
