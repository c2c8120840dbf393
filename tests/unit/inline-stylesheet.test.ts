// Which pages carry the site stylesheet inline (src/host/site/inlineStylesheet.ts): those whose largest
// paint is an image fetched after the HTML and whose HTML needs a second round trip anyway.
import { randomBytes } from 'node:crypto'
import { mkdtemp, mkdir, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { StylesheetInliner } from '#src/host/site/inlineStylesheet.ts'

const CSS = '.hero{color:#fff}'
const LINK = '<link rel="stylesheet" type="text/css" href="/assets/static/site.abc.css">'
// React writes the attribute as fetchPriority: HTML's attribute names know no case.
const COVER = '<img src="/_img/cover/800.avif/x.jpg" fetchPriority="high" alt="">'
/** Random text: brotli makes `kB` of it about three quarters as long (base64 carries 6 bits a character). */
const article = (kB: number) => `<p>${randomBytes(kB * 750).toString('base64')}</p>`
const page = (head: string, body: string) => `<!DOCTYPE html><html><head>${head}</head><body>${body}</body></html>`

let inliner: StylesheetInliner
beforeAll(async () => {
  const root = await mkdtemp(join(tmpdir(), 'inline-css-'))
  await mkdir(join(root, 'assets', 'static'), { recursive: true })
  await writeFile(join(root, 'assets', 'static', 'site.abc.css'), CSS)
  inliner = new StylesheetInliner(root)
})

describe('the site stylesheet inline', () => {
  it('goes into a long page whose cover is fetched first, in place of its link', async () => {
    const { html, brotli } = await inliner.apply(page(LINK, COVER + article(30)))
    expect(html).not.toContain('rel="stylesheet"')
    expect(html).toContain(`<head><style>${CSS}</style></head>`)
    // The form compressed to decide was of the page with its link: not the page served.
    expect(brotli).toBeUndefined()
  })

  it('stays a link on a page that fits in the first round trip, cover or not', async () => {
    const short = page(LINK, COVER + article(8))
    const served = await inliner.apply(short)
    expect(served.html).toBe(short)
    // The form compressed to decide is the page's own, for the page cache to serve.
    expect(brotliDecompressSync(served.brotli!).toString()).toBe(short)
  })

  it('stays a link on a long page whose largest paint is text', async () => {
    const text = page(LINK, article(30))
    expect((await inliner.apply(text)).html).toBe(text)
    // The page's script looks for such an image: its text is no image.
    const script = page(LINK, `<script>document.querySelector('img[fetchpriority="high"]')</script>${article(30)}`)
    expect((await inliner.apply(script)).html).toBe(script)
  })

  it('stays a link when the stylesheet cannot be read', async () => {
    const missing = page(LINK.replace('site.abc.css', 'gone.css'), COVER + article(30))
    expect((await inliner.apply(missing)).html).toBe(missing)
  })
})
