// What a public bucket's images keep of their metadata (docs/decisions/0089-originals-without-location.md):
// anyone may read and list a public bucket, so an original must not tell where it was taken or with what.
// An image with EXIF, XMP or IPTC loses them at upload; what it keeps is how to show it: its orientation
// and its colour profile. A JPEG (what phones and cameras write) is rewritten without re-encoding: its
// metadata segments are left out and a minimal EXIF block holds the orientation alone, so the pixels are
// the uploaded ones. Other formats carrying metadata are re-encoded by sharp with their colour profile.
// An image without any of it is kept byte for byte.
import sharp, { type Metadata } from 'sharp'
import { errors } from './errors.ts'

/** The image without location, camera or other descriptive metadata; null when it carries none. */
export async function withoutPrivateMetadata(image: Buffer): Promise<Buffer | null> {
  const meta = await sharp(image, { limitInputPixels: false }).metadata()
  if (!meta.exif && !meta.xmp && !meta.iptc && !meta.comments?.length) return null
  if (meta.format === 'jpeg') {
    try {
      const stripped = jpegWithoutMetadata(image, meta.orientation)
      const check = await sharp(stripped).metadata()
      if (check.width === meta.width && check.height === meta.height) return stripped
    } catch {
      // A JPEG this reader does not follow: re-encoded below.
    }
  }
  return reencoded(image, meta).catch(() => {
    throw errors.invalidRequest('The image could not be read to remove its metadata (location, camera)')
  })
}

async function reencoded(image: Buffer, meta: Metadata): Promise<Buffer> {
  let pipeline = sharp(image, { animated: (meta.pages ?? 1) > 1, limitInputPixels: false }).keepIccProfile()
  if (meta.orientation && meta.orientation > 1) pipeline = pipeline.withExif({ IFD0: { Orientation: String(meta.orientation) } })
  switch (meta.format) {
    case 'jpeg':
      return pipeline.jpeg({ quality: 95 }).toBuffer()
    case 'png':
      return pipeline.png().toBuffer()
    case 'webp':
      return pipeline.webp({ quality: 95 }).toBuffer()
    case 'gif':
      return pipeline.gif().toBuffer()
    case 'heif':
      return pipeline.avif({ quality: 80 }).toBuffer()
    default:
      throw new Error(`No encoder for ${meta.format}`)
  }
}

const SOI = 0xd8
const EOI = 0xd9
const SOS = 0xda
const APP0 = 0xe0
const APP2 = 0xe2
const APP14 = 0xee
const COM = 0xfe

/**
 * The JPEG's own segments (tables, frame, scans), JFIF, ICC profile and Adobe colour transform; no APP1
 * (EXIF, XMP), other application segments (IPTC, MPF, maker data) or comments, and nothing after the end of
 * the image (trailing pictures and videos some phones append). The orientation, when not upright, is kept
 * in a minimal EXIF block after the JFIF header.
 */
export function jpegWithoutMetadata(jpeg: Buffer, orientation: number | undefined): Buffer {
  if (jpeg[0] !== 0xff || jpeg[1] !== SOI) throw new Error('Not a JPEG')
  const head: Buffer[] = []
  const rest: Buffer[] = []
  let at = 2
  let ended = false
  while (at + 1 < jpeg.length && !ended) {
    if (jpeg[at] !== 0xff) throw new Error(`No marker at ${at}`)
    const marker = jpeg[at + 1]!
    if (marker === 0xff) {
      at++ // a fill byte
      continue
    }
    if (marker === EOI) {
      rest.push(jpeg.subarray(at, at + 2))
      ended = true
      continue
    }
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      rest.push(jpeg.subarray(at, at + 2))
      at += 2
      continue
    }
    const end = at + 2 + jpeg.readUInt16BE(at + 2)
    if (end > jpeg.length) throw new Error('A segment runs past the end')
    if (marker === SOS) {
      // The scan's entropy-coded data runs to the next marker: 0xFF not followed by a stuffed 0x00 or a restart.
      let scan = end
      while (scan + 1 < jpeg.length) {
        const next = jpeg[scan + 1]!
        if (jpeg[scan] === 0xff && next !== 0x00 && !(next >= 0xd0 && next <= 0xd7)) break
        scan++
      }
      rest.push(jpeg.subarray(at, scan))
      at = scan
      continue
    }
    const segment = jpeg.subarray(at, end)
    const id = segment.toString('latin1', 4, 16)
    if (marker === APP0 && (id.startsWith('JFIF\0') || id.startsWith('JFXX\0'))) head.push(segment)
    else if (marker === APP2 && id.startsWith('ICC_PROFILE\0')) rest.push(segment)
    else if (marker === APP14 && id.startsWith('Adobe')) rest.push(segment)
    else if ((marker & 0xf0) !== 0xe0 && marker !== COM) rest.push(segment)
    at = end
  }
  if (!ended) throw new Error('No end of image')
  const exif = orientation && orientation > 1 && orientation <= 8 ? [orientationExif(orientation)] : []
  return Buffer.concat([jpeg.subarray(0, 2), ...head, ...exif, ...rest])
}

/** An APP1 segment whose EXIF holds one tag, the orientation (a big-endian TIFF directory of one entry). */
function orientationExif(orientation: number): Buffer {
  const tiff = 8 + 2 + 12 + 4
  const segment = Buffer.alloc(4 + 6 + tiff)
  segment.writeUInt16BE(0xffe1, 0)
  segment.writeUInt16BE(2 + 6 + tiff, 2)
  segment.write('Exif\0\0', 4, 'latin1')
  const t = 10
  segment.write('MM', t, 'latin1')
  segment.writeUInt16BE(42, t + 2)
  segment.writeUInt32BE(8, t + 4) // the first directory follows the header
  segment.writeUInt16BE(1, t + 8) // one entry:
  segment.writeUInt16BE(0x0112, t + 10) // Orientation,
  segment.writeUInt16BE(3, t + 12) // a SHORT,
  segment.writeUInt32BE(1, t + 14) // one of them,
  segment.writeUInt16BE(orientation, t + 18) // this one (left-justified in the 4-byte value)
  segment.writeUInt32BE(0, t + 22) // no next directory
  return segment
}
