import { createHash } from 'node:crypto'
import { mkdir, readFile, readdir, rename, writeFile } from 'node:fs/promises'
import { join, relative, sep } from 'node:path'
import type { Plugin } from 'vite'
import { siteImageFrames, variantsOf, variantUrl, type ParsedVariant } from '../src/lib/imageVariants.ts'
import { makeVariant, VARIANT_ENCODING } from '../src/host/images/makeVariant.ts'

/**
 * The responsive variants of the site's own raster images (public/images), made by the client build and
 * written next to the other files at their variant URLs (`_img/<frame>/<width>.<format>/images/<path>`), so
 * the server only reads them (decision 0061). Each is kept in node_modules/.cache by the hash of its
 * original and the encoder settings: a rebuild with unchanged images encodes nothing. Hand-written: the
 * image plugins for Vite transform imported images, not files of public/ at URLs the pages compute.
 */
const CACHE = join('node_modules', '.cache', 'site-image-variants')

export function siteImageVariants(): Plugin {
  let root = ''
  return {
    name: 'site-image-variants',
    apply: 'build',
    configResolved(config) {
      root = config.root
    },
    async generateBundle() {
      if (this.environment.name !== 'client') return
      const started = performance.now()
      let made = 0
      const imagesDir = join(root, 'public', 'images')
      await mkdir(join(root, CACHE), { recursive: true })
      for (const path of await rasterFiles(imagesDir)) {
        const frames = siteImageFrames(path)
        if (frames.length === 0) continue
        const original = await readFile(join(imagesDir, path))
        const hash = createHash('sha256').update(original).update(VARIANT_ENCODING).digest('hex')
        const source = `images/${path}`
        for (const variant of frames.flatMap((frame) => variantsOf(source, frame))) {
          const cached = join(root, CACHE, `${hash}-${variant.frame}-${variant.width}.${variant.format}`)
          let data: Uint8Array | null = await readFile(cached).catch(() => null)
          if (!data) {
            data = await encode(original, variant, cached)
            made++
          }
          this.emitFile({ type: 'asset', fileName: variantUrl(source, variant.frame, variant.width, variant.format).slice(1), source: data })
        }
      }
      this.info(`image variants: ${made} made, the rest from the cache (${Math.round(performance.now() - started)} ms)`)
    },
  }
}

async function encode(original: Buffer, variant: ParsedVariant, cached: string): Promise<Uint8Array> {
  const data = await makeVariant(original, variant.frame, variant.width, variant.format)
  const temp = `${cached}.${process.pid}.tmp`
  await writeFile(temp, data)
  await rename(temp, cached)
  return data
}

/** Raster files below `dir`, as paths relative to it with forward slashes. */
async function rasterFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  return entries
    .filter((e) => e.isFile() && /\.(jpe?g|png|webp|avif|gif)$/i.test(e.name))
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort()
}
