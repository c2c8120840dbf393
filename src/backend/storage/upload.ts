// Reads an upload's body as Supabase Storage takes it (storage-js sends both): multipart/form-data with
// the fields `cacheControl` and `metadata` and one file part, or the raw body with `Content-Type`,
// `Cache-Control: max-age=N` and `x-metadata` (base64 JSON). The body is streamed to a temporary file
// (files.ts): busboy parses multipart as it arrives, so nothing is buffered whole.
import busboy from 'busboy'
import type { IncomingMessage } from 'node:http'
import { errors } from './errors.ts'
import { TooLarge, type FileStore, type WrittenFile } from './files.ts'

export interface UploadedBody extends WrittenFile {
  /** The type the client declared (the file part's, or the request's Content-Type). */
  declaredType: string
  cacheControl: string
  userMetadata: Record<string, unknown> | null
}

const DEFAULT_TYPE = 'text/plain;charset=UTF-8'

export async function readUpload(req: IncomingMessage, store: FileStore, limit: number): Promise<UploadedBody> {
  const contentType = req.headers['content-type'] ?? ''
  try {
    return /^multipart\/form-data/i.test(contentType) ? await readMultipart(req, store, limit) : await readRaw(req, store, limit, contentType)
  } catch (error) {
    // The rest of the body is drained, so the client reads the answer instead of a reset connection.
    req.resume()
    if (error instanceof TooLarge) throw errors.entityTooLarge()
    throw error
  }
}

async function readRaw(req: IncomingMessage, store: FileStore, limit: number, contentType: string): Promise<UploadedBody> {
  if (Number(req.headers['content-length'] ?? 0) > limit) throw new TooLarge()
  const userMetadata = parseMetadata(req.headers['x-metadata'], true)
  const maxAge = /max-age=(\d+)/.exec(String(req.headers['cache-control'] ?? ''))?.[1]
  const written = await store.write(req, limit)
  return { ...written, declaredType: contentType || DEFAULT_TYPE, cacheControl: `max-age=${maxAge ?? 3600}`, userMetadata }
}

function readMultipart(req: IncomingMessage, store: FileStore, limit: number): Promise<UploadedBody> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy
    try {
      parser = busboy({ headers: req.headers, limits: { files: 1, fields: 10, fieldSize: 64 * 1024, fileSize: limit + 1 } })
    } catch {
      return reject(errors.invalidRequest('The multipart body could not be read'))
    }
    const fields = new Map<string, string>()
    let file: Promise<{ written: WrittenFile; type: string }> | null = null
    parser.on('field', (name, value) => fields.set(name, value))
    parser.on('file', (_name, stream, info) => {
      // busboy stops a part at `fileSize` bytes and flags it; the store's own count then passes `limit`.
      stream.on('limit', () => stream.destroy(new TooLarge()))
      file = store.write(stream, limit).then((written) => ({ written, type: info.mimeType }))
      file.catch(() => undefined)
    })
    parser.on('error', () => reject(errors.invalidRequest('The multipart body could not be read')))
    parser.on('close', () => {
      if (!file) return reject(errors.invalidRequest('The multipart body has no file'))
      file.then(({ written, type }) => {
        const maxAge = /(\d+)/.exec(fields.get('cacheControl') ?? '')?.[1]
        try {
          const userMetadata = parseMetadata(fields.get('metadata'), false)
          resolve({ ...written, declaredType: type || DEFAULT_TYPE, cacheControl: `max-age=${maxAge ?? 3600}`, userMetadata })
        } catch (error) {
          void store.discard(written.temp)
          reject(error instanceof Error ? error : new Error(String(error)))
        }
      }, reject)
    })
    req.pipe(parser)
  })
}

function parseMetadata(value: string | string[] | undefined, base64: boolean): Record<string, unknown> | null {
  if (typeof value !== 'string' || !value) return null
  try {
    const parsed: unknown = JSON.parse(base64 ? Buffer.from(value, 'base64').toString('utf8') : value)
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>
  } catch {
    // fall through
  }
  throw errors.invalidRequest('Invalid metadata: it must be a JSON object')
}
