// Errors of /storage/v1 in Supabase Storage's shape (supabase/storage src/internal/errors/codes.ts and
// src/http/error-handler.ts): the body says `{statusCode, error, message, code}` with the real status as
// a string, while the HTTP status is 400 for every client error and 500 for server errors, as the hosted
// service answers (storage-js reads `statusCode` from the body).
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
    return json(this.statusCode >= 500 ? 500 : 400, body, headers)
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
