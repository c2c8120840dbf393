// GET /_img/<frame>/<width>.<format>/<source>: a responsive variant (src/lib/imageVariants.ts).
// - `images/…` (the site's own images) were made by the build into the site folder: read, never made here.
// - `media/…` (uploads) are made on their first request from the original and kept in DATA_DIR/image-cache
//   under a name derived from the original's version, so a replaced original gets new variants and every
//   later request is a file read. Encodings run one at a time (p-limit): sharp works on libuv's small thread
//   pool, which file reads, compression and crypto share, so a burst of first requests must never occupy it.
//   Concurrent requests for one variant share a single encoding; while too many wait, the original is
//   redirected to instead of queueing more.
import { createHash, randomUUID } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import pLimit from 'p-limit'
import { parseVariantPath, variantUrl, type ParsedVariant } from '../../lib/imageVariants.ts'
import { logUnexpectedError } from '../../backend/log.ts'
import { makeVariant, VARIANT_ENCODING } from './makeVariant.ts'
import type { OriginalReader } from './sources.ts'

const CONTENT_TYPES = { avif: 'image/avif', webp: 'image/webp', jpeg: 'image/jpeg', png: 'image/png' } as const
// Variant URLs do not change when an original is replaced under the same name: a day, then revalidated.
const CACHE_CONTROL = 'public, max-age=86400, stale-while-revalidate=604800'
/** Encodings waiting beyond this many: the request gets the original rather than a place in the queue. */
const MAX_WAITING = 24

export const VARIANT_PREFIX = '/_img/'

export interface VariantHandlerOptions {
  dataDir: string
  /** The built site (dist/client), where the build wrote the variants of the site's own images. */
  siteRoot: string
  readOriginal: OriginalReader
}

export async function createVariantHandler({ dataDir, siteRoot, readOriginal }: VariantHandlerOptions) {
  const cacheDir = join(dataDir, 'image-cache')
  await mkdir(cacheDir, { recursive: true, mode: 0o700 })
  const encoder = pLimit(1)
  const inFlight = new Map<string, Promise<void>>()

  function make(file: string, variant: ParsedVariant, read: () => Promise<Buffer>): Promise<void> {
    let job = inFlight.get(file)
    if (!job) {
      job = encoder(async () => {
        const data = await makeVariant(await read(), variant.frame, variant.width, variant.format)
        const temp = `${file}.${randomUUID()}.tmp`
        await writeFile(temp, data, { mode: 0o600 })
        await rename(temp, file).catch(async (error: unknown) => {
          await rm(temp, { force: true })
          throw error
        })
      }).finally(() => inFlight.delete(file))
      inFlight.set(file, job)
    }
    return job
  }

  function cacheFile(variant: ParsedVariant, version: string): string {
    const key = createHash('sha256').update(`${variant.source}\0${version}\0${VARIANT_ENCODING}\0${variant.frame}\0${variant.width}`).digest('hex')
    return join(cacheDir, `${key}.${variant.format}`)
  }

  /** Answers the request when it is a variant path; returns false for any other path. */
  return async (req: IncomingMessage, res: ServerResponse): Promise<boolean> => {
    const pathname = (req.url ?? '/').split('?', 1)[0]!
    if (!pathname.startsWith(VARIANT_PREFIX)) return false
    const variant = parseVariantPath(pathname)
    if (variant?.source.startsWith('images/')) {
      const built = join(siteRoot, variantUrl(variant.source, variant.frame, variant.width, variant.format))
      if (await isFile(built)) await send(req, res, built, variant)
      else notFound(res)
      return true
    }
    const original = variant && (await readOriginal(variant.source).catch(() => null))
    if (!variant || !original) {
      notFound(res)
      return true
    }
    const file = cacheFile(variant, original.version)
    if (!(await isFile(file))) {
      if (!inFlight.has(file) && encoder.pendingCount >= MAX_WAITING) {
        res.writeHead(307, { Location: original.url, 'Cache-Control': 'no-store' })
        res.end()
        return true
      }
      try {
        await make(file, variant, () => original.read())
      } catch (error) {
        // An original sharp cannot decode (corrupt, or over the pixel limit) has no variants.
        logUnexpectedError(req, error)
        res.writeHead(422, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
        res.end('La imagen original no se puede procesar')
        return true
      }
    }
    await send(req, res, file, variant)
    return true
  }
}

function notFound(res: ServerResponse): void {
  res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-cache' })
  res.end('Imagen no encontrada')
}

async function isFile(path: string): Promise<boolean> {
  return stat(path).then(
    (stats) => stats.isFile(),
    () => false,
  )
}

async function send(req: IncomingMessage, res: ServerResponse, file: string, variant: ParsedVariant): Promise<void> {
  const { size, mtimeMs } = await stat(file)
  const etag = `"${createHash('sha256').update(`${file}\0${size}\0${mtimeMs}`).digest('hex').slice(0, 32)}"`
  const headers = { 'Content-Type': CONTENT_TYPES[variant.format], 'Cache-Control': CACHE_CONTROL, ETag: etag }
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers)
    res.end()
    return
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(size) })
  if (req.method === 'HEAD') res.end()
  else await pipeline(createReadStream(file), res)
}

/** The image variants as one of the host's services (src/host/start.ts): an encoding in flight ends on its own. */
export async function startImageVariants(options: VariantHandlerOptions) {
  return { handle: await createVariantHandler(options), close(): void {} }
}
