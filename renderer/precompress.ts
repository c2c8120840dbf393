import { existsSync } from 'node:fs'
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { Plugin } from 'vite'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)
/** What browsers fetch as text: scripts, stylesheets, SVG images. Below 1 kB a header costs about as much as it saves. */
const compressible = /\.(js|css|svg)$/
const minBytes = 1024

/**
 * Writes a brotli (best quality) and a gzip (level 9) copy next to every script, stylesheet and SVG under
 * the client build's assets/, which sirv serves as they are (src/host/static.ts). Compressing once at build
 * lets the best quality pay: the site stylesheet was 14.7 kB on the wire (headers included) at the quality
 * `compression` affords per request, and is 12.4 kB from its 11.3 kB copy, inside what a new connection
 * delivers in its first round trip
 * (docs/decisions/0080-first-page-in-the-first-round-trip.md).
 *
 * It reads the folder once each environment's build is written, not the bundle: Vike moves the stylesheets
 * the server build emits (the site's) into the client folder during that build. File names under assets/
 * carry their content's hash, so a copy that exists is current. Hand-written with node:zlib:
 * vite-plugin-compression2 does the same but rewrites process.stdout.write to reorder Vite's log.
 */
export function precompress(clientDir: string): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async closeBundle() {
      const assets = join(clientDir, 'assets')
      if (!existsSync(assets)) return
      const names = (await readdir(assets, { recursive: true })).filter((name) => compressible.test(name) && !existsSync(join(assets, `${name}.br`)))
      await Promise.all(
        names.map(async (name) => {
          const body = await readFile(join(assets, name))
          if (body.length < minBytes) return
          const params = { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length }
          const [br, gz] = await Promise.all([brotli(body, { params }), gzipAsync(body, { level: constants.Z_BEST_COMPRESSION })])
          await Promise.all([writeFile(join(assets, `${name}.gz`), gz), writeFile(join(assets, `${name}.br`), br)])
        }),
      )
    },
  }
}
