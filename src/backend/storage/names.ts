// Object keys and bucket names as Supabase Storage accepts them (src/storage/limits.ts: S3's safe
// characters), plus one rule of this server: no empty, `.` or `..` segment and no leading slash, so a
// key never reads as a path that climbs out of its folder to a client that joins it to one. (Bodies are
// stored by version, never by name: files.ts.)
import { errors } from './errors.ts'

const VALID_OBJECT_KEY = /^[A-Za-z0-9_/!.*'() &$=@;:+,?-]*$/
const VALID_BUCKET_NAME = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]*$/
const MAX_KEY_BYTES = 1024

export function mustBeValidKey(key: string): void {
  const segments = key.split('/')
  const valid =
    key.length > 0 &&
    Buffer.byteLength(key) <= MAX_KEY_BYTES &&
    VALID_OBJECT_KEY.test(key) &&
    segments.every((segment) => segment !== '' && segment !== '.' && segment !== '..')
  if (!valid) throw errors.invalidKey(key)
}

export function mustBeValidBucketName(name: string): void {
  if (!(name.length > 0 && name.length < 101 && VALID_BUCKET_NAME.test(name))) throw errors.invalidBucketName(name)
}

/** A bucket's `file_size_limit` as clients send it: bytes, or "20mb", "1kb"… (decimal units, as Storage). */
export function parseFileSize(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value
  const text = typeof value === 'string' ? value : JSON.stringify(value)
  const match = /^\s*(\d+)\s*(b|kb|mb|gb)?\s*$/i.exec(text)
  if (!match) throw errors.invalidRequest(`Invalid file size format: ${text}`)
  const unit = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 }[(match[2] ?? 'b').toLowerCase() as 'b']
  return Number(match[1]) * unit
}
