// The build's compressed copies of scripts, stylesheets and SVG images (renderer/precompress.ts), served
// as they are by src/host/static.ts.
import { mkdtemp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { precompress } from '../../renderer/precompress.ts'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'precompress-'))
  await mkdir(join(dir, 'assets/static'), { recursive: true })
  await mkdir(join(dir, 'assets/chunks'), { recursive: true })
})
afterEach(() => rm(dir, { recursive: true, force: true }))

async function closeBundle(): Promise<void> {
  const hook = precompress(dir).closeBundle
  await (typeof hook === 'function' ? hook : hook!.handler).call({} as never)
}

it('writes a brotli and a gzip copy of every script, stylesheet and SVG of 1 kB or more, each decoding to the file', async () => {
  const files = {
    'assets/static/site.css': '.hero{color:#fff}'.repeat(200),
    'assets/static/icons.svg': `<svg>${'<symbol id="x"><path d="M0 0h24v24"/></symbol>'.repeat(40)}</svg>`,
    'assets/chunks/menu.js': `export const menu = ${JSON.stringify('abrir menú '.repeat(200))}`,
  }
  for (const [name, body] of Object.entries(files)) await writeFile(join(dir, name), body)
  await writeFile(join(dir, 'assets/chunks/tiny.js'), 'export const a = 1')
  await writeFile(join(dir, 'assets/static/photo.jpg'), Buffer.alloc(4096, 7))

  await closeBundle()

  for (const [name, body] of Object.entries(files)) {
    const br = await readFile(join(dir, `${name}.br`))
    expect(brotliDecompressSync(br).toString()).toBe(body)
    expect(gunzipSync(await readFile(join(dir, `${name}.gz`))).toString()).toBe(body)
    expect(br.length).toBeLessThan(body.length / 5)
  }
  // Too small to gain, or not text: left alone.
  expect((await readdir(join(dir, 'assets/chunks'))).sort()).toEqual(['menu.js', 'menu.js.br', 'menu.js.gz', 'tiny.js'])
  expect((await readdir(join(dir, 'assets/static'))).filter((name) => name.startsWith('photo'))).toEqual(['photo.jpg'])
})

it('leaves copies an earlier build environment already wrote (names carry the content hash)', async () => {
  await writeFile(join(dir, 'assets/static/site.css'), '.hero{color:#fff}'.repeat(200))
  await closeBundle()
  const first = await stat(join(dir, 'assets/static/site.css.br'))
  await new Promise((resolve) => setTimeout(resolve, 20))
  await closeBundle()
  expect((await stat(join(dir, 'assets/static/site.css.br'))).mtimeMs).toBe(first.mtimeMs)
})
