import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRAMES, variantUrl } from '../../src/lib/imageVariants'
import { createVariantHandler } from '../../src/host/images/variantRoute'
import type { OriginalReader } from '../../src/host/images/sources'
import { photo } from '../support/images'

// The /_img route: the site's own variants are read from the build, never made on request; an upload's
// are made once, one encoding at a time, and a burst beyond the queue gets the original instead.

let server: Server
let base: string
let dir: string
let reads = 0

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'img-route-'))
  const siteRoot = join(dir, 'site')
  const built = join(siteRoot, variantUrl('images/blog/a.jpg', 'cover', 480, 'webp'))
  await mkdir(dirname(built), { recursive: true })
  await writeFile(built, await photo(480, 270, 'webp'))
  const original = await photo(1800, 1200)
  const readOriginal: OriginalReader = async (source) =>
    source === 'media/foto.jpg'
      ? {
          version: 'v1',
          url: '/storage/v1/object/public/media/foto.jpg',
          read: async () => {
            reads++
            return original
          },
        }
      : null
  const handle = await createVariantHandler({ dataDir: join(dir, 'data'), siteRoot, readOriginal })
  server = createServer((req, res) => {
    void handle(req, res).then((served) => {
      if (!served) res.writeHead(418).end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
  await rm(dir, { recursive: true, force: true })
})

describe('image variant route', () => {
  it('serves a site image variant the build made, with its own content type', async () => {
    const response = await fetch(base + variantUrl('images/blog/a.jpg', 'cover', 480, 'webp'))
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/webp')
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).format).toBe('webp')
  })

  it('does not make a site image variant the build did not make', async () => {
    expect((await fetch(base + variantUrl('images/blog/a.jpg', 'cover', 800, 'webp'))).status).toBe(404)
    expect((await fetch(`${base}/_img/cover/480.webp/images/../secret.jpg`)).status).toBe(404)
  })

  it('leaves other paths to the site', async () => {
    expect((await fetch(`${base}/blog`)).status).toBe(418)
  })

  it('makes an upload variant once and reads it from the cache afterwards', async () => {
    const url = base + variantUrl('media/foto.jpg', 'cover', 800, 'avif')
    const [first, second] = await Promise.all([fetch(url), fetch(url)])
    expect([first.status, second.status]).toEqual([200, 200])
    const readsAfterFirst = reads
    expect(readsAfterFirst).toBe(1)
    const third = await fetch(url)
    const meta = await sharp(Buffer.from(await third.arrayBuffer())).metadata()
    expect([third.headers.get('content-type'), meta.width, meta.exif]).toEqual(['image/avif', 800, undefined])
    expect(reads).toBe(readsAfterFirst)
    expect((await fetch(base + variantUrl('media/otra.jpg', 'inset', 800, 'avif'))).status).toBe(404)
  })

  it('answers a burst of first requests with variants or, past the queue, a redirect to the original; never an error', async () => {
    const urls = (['cover', 'inset', 'card'] as const).flatMap((frame) =>
      FRAMES[frame].widths.flatMap((width) =>
        (['avif', 'webp', 'jpeg'] as const).map((format) => variantUrl('media/foto.jpg', frame, width, format)),
      ),
    )
    const answers = await Promise.all(urls.map((url) => fetch(base + url, { redirect: 'manual' })))
    expect(new Set(answers.map((a) => a.status))).toEqual(new Set([200, 307]))
    const redirect = answers.find((a) => a.status === 307)!
    expect(redirect.headers.get('location')).toBe('/storage/v1/object/public/media/foto.jpg')
  }, 120_000)
})
