import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { renderToStaticMarkup } from 'react-dom/server'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAMES, mediaPath, socialImageUrl, type Frame } from '../../src/lib/imageVariants'
import { createVariantHandler } from '../../src/host/images/variantRoute'
import type { OriginalReader } from '../../src/host/images/sources'
import { ResponsiveImage } from '../../src/sections/ResponsiveImage'

// A `w` descriptor in a srcset is a promise about the file: the browser picks a candidate by it, so it must be
// the width of the file the route serves, for every frame and whatever the photo's shape. And the img's
// width/height, which reserve its box, must have the served files' aspect.

/** Uploads of several shapes; the last is smaller than the widest variants. */
const PHOTOS: Record<string, [number, number]> = {
  '3x2': [2400, 1600],
  '2x3': [1600, 2400],
  '1x1': [2000, 2000],
  '16x9': [2560, 1440],
  '21x9': [2520, 1080],
  'small-3x2': [600, 400],
}

/** A smooth image (quick to encode) with a frame drawn at its edges, as a JPEG. */
async function smoothPhoto(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      pixels[i] = (x * 255) / width
      pixels[i + 1] = (y * 255) / height
      pixels[i + 2] = 128
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

let server: Server
let base: string
let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'img-descriptors-'))
  const originals = new Map<string, Buffer>()
  for (const [name, [w, h]] of Object.entries(PHOTOS)) originals.set(`media/${name}.jpg`, await smoothPhoto(w, h))
  const readOriginal: OriginalReader = async (source) => {
    const data = originals.get(source)
    return data ? { version: 'v1', url: `/storage/v1/object/public/${source}`, read: async () => data } : null
  }
  const handle = await createVariantHandler({ dataDir: join(dir, 'data'), siteRoot: join(dir, 'site'), readOriginal })
  server = createServer((req, res) => void handle(req, res).then((served) => served || res.writeHead(418).end()))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

async function served(url: string) {
  const response = await fetch(base + url)
  expect(response.status, url).toBe(200)
  const meta = await sharp(Buffer.from(await response.arrayBuffer())).metadata()
  return { width: meta.width, height: meta.height }
}

const attribute = (html: string, name: string) => [...html.matchAll(new RegExp(` ${name}="([^"]*)"`, 'g'))].map((m) => m[1]!.replaceAll('&amp;', '&'))

// og is not shown in a <picture>: it is the one 1200×630 JPEG named by og:image (checked below).
const PICTURE_FRAMES = (Object.keys(FRAMES) as Frame[]).filter((frame) => frame !== 'og')

describe('responsive image descriptors', () => {
  for (const frame of PICTURE_FRAMES) {
    for (const photo of Object.keys(PHOTOS)) {
      it(`${frame} frame, ${photo} photo: every srcset candidate is as wide as its descriptor, and width/height have the served aspect`, async () => {
        const html = renderToStaticMarkup(<ResponsiveImage src={mediaPath(`${photo}.jpg`)} alt="Foto" frame={frame} sizes="100vw" />)
        const srcsets = attribute(html, 'srcSet').concat(attribute(html, 'srcset'))
        expect(srcsets).toHaveLength(3)
        const [imgWidth, imgHeight] = [Number(attribute(html, 'width')[0]), Number(attribute(html, 'height')[0])]
        const answers: string[] = []
        for (const srcset of srcsets) {
          for (const candidate of srcset.split(',')) {
            const [url, descriptor] = candidate.trim().split(' ') as [string, string]
            const file = await served(url)
            answers.push(`${url.split('/media/')[0]} ${descriptor} → ${file.width}×${file.height}`)
            expect.soft(`${file.width}w`, `${url} served ${file.width}×${file.height}`).toBe(descriptor)
            // The same aspect, to within a pixel of rounding.
            expect
              .soft(
                Math.abs(file.height - (file.width * imgHeight) / imgWidth),
                `${url}: ${file.width}×${file.height} in a ${imgWidth}×${imgHeight} img`,
              )
              .toBeLessThanOrEqual(1)
          }
        }
        console.info(`${frame} ${photo}: img ${imgWidth}×${imgHeight}; ${answers.join('; ')}`)
      })
    }
  }

  for (const photo of Object.keys(PHOTOS)) {
    it(`og frame, ${photo} photo: og:image is the 1200×630 JPEG its URL names`, async () => {
      const url = socialImageUrl(mediaPath(`${photo}.jpg`))
      expect(url).toMatch(/^\/_img\/og\/1200\.jpeg\//)
      expect(await served(url)).toEqual({ width: 1200, height: 630 })
    })
  }
})
