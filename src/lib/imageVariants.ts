/**
 * Responsive variants of the site's raster images (decision 0061): which images have them, in which frames
 * and widths, and their URLs. The site's own images are made by the build (renderer/siteImageVariants.ts);
 * uploads are made by the server on their first request and cached (src/host/images/). The public pages
 * only build URLs from here.
 *
 * A variant URL is `/_img/<frame>/<width>.<format>/<source>`; `<source>` is `media/<name>` (an object of the
 * public `media` bucket, however its URL was written) or `images/<path>` (a raster file of the site's own
 * `public/images`, in the frames SITE_IMAGE_FRAMES gives its folder). Other images (an external URL typed
 * by hand, an SVG, a site image in a frame the build does not make) are served as they are.
 */

/**
 * How an image is fitted to the box it is shown in. Every public image sits in a fixed-ratio box, and every
 * variant is exactly `width` × frameHeight(width) pixels, whatever the original's shape or size: the width in
 * its URL is the `w` descriptor srcset gives it, and the browser chooses among them by that number.
 */
export const FRAMES = {
  /** Post covers: 16:9, cropped to fill. */
  cover: { ratio: 16 / 9, fit: 'cover', widths: [480, 800, 1200, 1600] },
  /** Success-case cards: 8:5, cropped to fill. */
  card: { ratio: 8 / 5, fit: 'cover', widths: [400, 800] },
  /**
   * Page image blocks: the whole image inside a 16:9 box, the rest of the box filled with `background`, the
   * colour of the box the page draws behind it (bg-slate-100 in src/sections/blocks/PageBlocks.tsx).
   */
  inset: { ratio: 16 / 9, fit: 'contain', widths: [480, 800, 1200, 1600], background: '#f1f5f9' },
  /** og:image and twitter:image: 1200×630, cropped to fill, JPEG only. */
  og: { ratio: 1200 / 630, fit: 'cover', widths: [1200] },
} as const

export type Frame = keyof typeof FRAMES
export const VARIANT_FORMATS = ['avif', 'webp', 'jpeg', 'png'] as const
export type VariantFormat = (typeof VARIANT_FORMATS)[number]

/**
 * The frames the build makes for the site's own images, by folder of public/images: blog covers are shown as
 * covers and shared as og:image; case images fill the success-case cards. Other files are served as they are
 * (og-default.jpg is already 1200×630).
 */
const SITE_IMAGE_FRAMES: Record<string, readonly Frame[]> = { blog: ['cover', 'og'], cases: ['card'] }

export function siteImageFrames(path: string): readonly Frame[] {
  const folder = path.includes('/') ? path.slice(0, path.indexOf('/')) : ''
  return SITE_IMAGE_FRAMES[folder] ?? []
}

/**
 * How content refers to an upload: the object's public path in Storage, without an origin, so the same value
 * works against the embedded backend and a hosted project, on any host (decision 0063). The site never links
 * to it as it is: it serves variants made from it.
 */
export function mediaPath(name: string): string {
  return `/storage/v1/object/public/media/${name.split('/').map(encodeURIComponent).join('/')}`
}

// Older rows hold the absolute public URL: any origin before the path is accepted.
const MEDIA_PATH = /^(?:https?:\/\/[^/\s]+)?\/storage\/v1\/object\/public\/media\/([^?#\s]+)$/i
const SITE_IMAGE = /^\/images\/([^?#\s]+\.(?:jpe?g|png|webp|avif|gif))$/i

/** The variant source of an image URL shown in `frame`, or null when it is served as it is. */
export function variantSource(src: string, frame: Frame): string | null {
  const media = MEDIA_PATH.exec(src)
  if (media) return `media/${media[1]}`
  const local = SITE_IMAGE.exec(src)
  return local && siteImageFrames(local[1]!).includes(frame) ? `images/${local[1]}` : null
}

/** The format a browser without AVIF and WebP gets: PNG for PNG and GIF sources (transparency), else JPEG. */
export function fallbackFormat(source: string): VariantFormat {
  return /\.(png|gif)$/i.test(source) ? 'png' : 'jpeg'
}

/** The formats a frame's variants are made in: AVIF, WebP and the fallback; og:image is a JPEG only. */
export function variantFormats(frame: Frame, source: string): readonly VariantFormat[] {
  return frame === 'og' ? ['jpeg'] : ['avif', 'webp', fallbackFormat(source)]
}

/** Every variant of one source in one frame. */
export function variantsOf(source: string, frame: Frame): ParsedVariant[] {
  return FRAMES[frame].widths.flatMap((width) => variantFormats(frame, source).map((format) => ({ frame, width, format, source })))
}

export function variantUrl(source: string, frame: Frame, width: number, format: VariantFormat): string {
  return `/_img/${frame}/${width}.${format}/${source}`
}

/** Height of the box a frame gives an image of `width` pixels. */
export function frameHeight(frame: Frame, width: number): number {
  return Math.round(width / FRAMES[frame].ratio)
}

export interface ParsedVariant {
  frame: Frame
  width: number
  format: VariantFormat
  source: string
}

/** Reads a variant path back (the server's side); null for anything the URL scheme does not produce. */
export function parseVariantPath(pathname: string): ParsedVariant | null {
  const match = /^\/_img\/([a-z]+)\/(\d+)\.([a-z]+)\/((?:media|images)\/.+)$/.exec(pathname)
  if (!match) return null
  const [, frame, width, format, rawSource] = match
  if (!(frame! in FRAMES) || !(VARIANT_FORMATS as readonly string[]).includes(format!)) return null
  const f = frame as Frame
  if (!(FRAMES[f].widths as readonly number[]).includes(Number(width))) return null
  let source: string
  try {
    source = decodeURIComponent(rawSource!)
  } catch {
    return null
  }
  if (source.split('/').some((segment) => segment === '..' || segment === '.' || segment === '')) return null
  if (!variantFormats(f, source).includes(format as VariantFormat)) return null
  return { frame: f, width: Number(width), format: format as VariantFormat, source }
}

/** The URL shared as og:image / twitter:image: the 1200×630 JPEG variant when the image has variants. */
export function socialImageUrl(src: string): string {
  const source = variantSource(src, 'og')
  return source ? variantUrl(source, 'og', 1200, 'jpeg') : src
}
