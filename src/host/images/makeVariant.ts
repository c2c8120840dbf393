// One variant of an image with sharp: turned upright from its EXIF orientation, fitted to its frame at one
// width, and encoded as AVIF, WebP, JPEG or PNG. sharp writes no metadata unless asked, so
// EXIF (GPS position, camera, dates) and XMP never reach a public variant; the original keeps them.
// Decoding is bounded by the same pixel limit uploads are held to (decompression bombs).
import sharp from 'sharp'
import { FRAMES, frameHeight, type Frame, type VariantFormat } from '../../lib/imageVariants.ts'
import { MAX_IMAGE_PIXELS } from '../../backend/storage/content.ts'

// Variants are made one at a time, with libvips' threads capped: a burst of first requests must not take
// every core from the pages and the API on a small machine.
sharp.concurrency(1)

/** Names the encoder settings below in cache keys: change it with them, and every cached variant is remade. */
export const VARIANT_ENCODING = `sharp-${sharp.versions.sharp}-q3`

export async function makeVariant(input: Buffer, frame: Frame, width: number, format: VariantFormat): Promise<Buffer> {
  const box = FRAMES[frame]
  // Every variant is the whole box, `width` × frameHeight(width), as srcset's `w` descriptor and the img's
  // width/height say (src/sections/ResponsiveImage.tsx):
  // - `contain` pads the image to the box in the box's own colour rather than serving the image's own shape.
  //   The page shows it in that box anyway, so it looks the same; but a 3:2 photo made 405 px wide for a
  //   480w candidate led the browser to pick a file a sixth too narrow for the screen, and a portrait photo
  //   made to the named width instead would be 2.7 times the box's height, pixels no one sees. Padded,
  //   the file maps onto the box one to one and the browser's choice by `sizes` is right for every shape;
  //   the flat padding costs next to nothing in AVIF and WebP.
  // - A small original is enlarged: the browser would stretch it to the box just the same, and a variant
  //   narrower than its descriptor would be chosen for screens it does not fill.
  const resize =
    box.fit === 'cover' ? ({ fit: 'cover' } as const) : ({ fit: 'contain', background: 'background' in box ? box.background : '#ffffff' } as const)
  const image = sharp(input, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .rotate()
    .resize({ width, height: frameHeight(frame, width), ...resize })
  switch (format) {
    case 'avif':
      // Quality 40 at effort 3: a third smaller than 50 at effort 2, with no difference we could see on the
      // covers at phone sizes, for about twice the encoding time, once per variant
      // (docs/decisions/0085-the-cover-before-the-script.md).
      return image.avif({ quality: 40, effort: 3 }).toBuffer()
    case 'webp':
      return image.webp({ quality: 72 }).toBuffer()
    case 'png':
      return image.png({ palette: true, quality: 85, compressionLevel: 9 }).toBuffer()
    case 'jpeg':
      return image.flatten({ background: '#ffffff' }).jpeg({ quality: 76, mozjpeg: true }).toBuffer()
  }
}
