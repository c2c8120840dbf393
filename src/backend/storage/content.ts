// What a body really is, read from its bytes (sharp/libvips detect the format by its signature, not by
// the name or the declared Content-Type). Used for buckets with an allow-list (`allowed_mime_types`): the
// stored type is the detected one, and a body whose content is not an allowed type is refused — a script
// named `.jpg`, an SVG (it can carry script: refused, not sanitised), a 0-byte file, a decompression bomb
// (a small file declaring enormous dimensions: refused from its header, before any pixel is decoded).
import sharp, { type Metadata } from 'sharp'
import { errors } from './errors.ts'

/** Largest image accepted, in pixels over all its frames (a 50-megapixel photo passes; sharp's default is 268 MP). */
export const MAX_IMAGE_PIXELS = 60_000_000

export interface DetectedImage {
  mimetype: string
  width: number
  height: number
}

const MIME_BY_FORMAT: Record<string, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  tiff: 'image/tiff',
  jp2k: 'image/jp2',
  jxl: 'image/jxl',
}

/** Whether `type` matches one of the bucket's allowed types (`image/*` wildcards as Storage allows). */
export function isAllowedType(type: string, allowed: string[]): boolean {
  const [kind] = type.split('/')
  return allowed.some((pattern) => pattern === type || pattern === `${kind}/*` || pattern === '*/*')
}

/** Detects the file's type from its content and checks it against `allowed`; throws a StorageError. */
export async function checkContent(path: string, size: number, allowed: string[]): Promise<DetectedImage> {
  if (size === 0) throw errors.emptyObject()
  const meta = await sharp(path, { limitInputPixels: false })
    .metadata()
    .catch(() => null)
  const mimetype = meta ? mimeOf(meta) : 'application/octet-stream'
  if (!meta || !isAllowedType(mimetype, allowed)) throw errors.invalidMimeType(mimetype)
  const width = meta.autoOrient?.width ?? meta.width
  const height = meta.autoOrient?.height ?? meta.height
  if (!width || !height || width * height * (meta.pages ?? 1) > MAX_IMAGE_PIXELS) {
    throw errors.invalidRequest(`The image is ${width}×${height} pixels; at most ${MAX_IMAGE_PIXELS / 1e6} megapixels are accepted`)
  }
  return { mimetype, width, height }
}

function mimeOf(meta: Metadata): string {
  if (meta.format === 'heif') return meta.compression === 'av1' ? 'image/avif' : 'image/heic'
  return MIME_BY_FORMAT[meta.format ?? ''] ?? `image/${meta.format ?? 'unknown'}`
}
