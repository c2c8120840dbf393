import { expect, test } from '../fixtures'
import { readFileSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse as parseYaml } from 'yaml'

// Server-only code stays on the server: the build's browser files hold no page text and no
// content schema. Vike fails the build when client code imports a `*.server.ts` module; this checks the
// result on the files a visitor can download. Runs on the build `npm test` made before Playwright.
const clientDir = join('dist', 'client')
const scripts = readdirSync(clientDir, { withFileTypes: true, recursive: true })
  .filter((e) => e.isFile() && /\.(m?js|json)$/.test(e.name) && !e.name.endsWith('.pageContext.json'))
  .map((e) => ({ file: join(e.parentPath, e.name), text: readFileSync(join(e.parentPath, e.name), 'utf8') }))

/** Sentences of every content file: its SEO description and its first body paragraph. */
function sentencesOfContent(): { file: string; sentence: string }[] {
  const files = readdirSync('content', { withFileTypes: true, recursive: true }).filter((e) => e.isFile() && e.name.endsWith('.mdx'))
  return files.flatMap((e) => {
    const file = join(e.parentPath, e.name)
    const [, frontmatter = '', body = ''] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(file, 'utf8')) ?? []
    const description = (parseYaml(frontmatter) as { seo: { description: string } }).seo.description
    const paragraph = body
      .split('\n')
      .find((line) => /^[A-ZÁÉÍÓÚ¿¡][^<{]{60,}/.test(line.trim()))
      ?.trim()
      .slice(0, 60)
    return [description, paragraph].filter((s): s is string => Boolean(s)).map((sentence) => ({ file, sentence }))
  })
}

test('no browser file holds a sentence of a content page', () => {
  expect(scripts.length).toBeGreaterThan(0)
  const sentences = sentencesOfContent()
  expect(sentences.length).toBeGreaterThan(20)
  const leaks = sentences.flatMap(({ file, sentence }) => scripts.filter((s) => s.text.includes(sentence)).map((s) => `${file} → ${s.file}`))
  expect(leaks).toEqual([])
})

test('no browser file holds the content schema', () => {
  // Messages only src/siteContent/schema.ts writes.
  for (const message of ['debe empezar por "/" o "#"', 'imagen propia bajo /images/']) {
    expect(scripts.filter((s) => s.text.includes(message)).map((s) => s.file)).toEqual([])
  }
})

test("the build's own HTML files are never served: what was unpublished since the build stays gone", async ({ request }) => {
  // dist/client/shopify/index.html exists; the live page is at /shopify.
  expect((await request.get('/shopify')).status()).toBe(200)
  for (const path of ['/shopify/index.html', '/blog/index.html', '/index.html']) expect((await request.get(path)).status(), path).toBe(404)
})

// A public page's HTML loads no script of its own: its one inline script (renderer/pageBootstrap.ts) names the
// page script and every chunk that script imports, and fetches them together after the first paint
// (docs/decisions/0084-no-script-before-the-first-paint.md). Prerendered pages, pages rendered live from the
// CMS, and the 404 page.
for (const path of ['/', '/shopify', '/blog', '/blog/que-es-un-mvp-y-cuanto-cuesta', '/no-existe']) {
  test(`${path}: no script is loaded by the HTML, and the bootstrap names every module the page script imports`, async ({ request }) => {
    const html = await (await request.get(path)).text()
    expect(html).not.toMatch(/<script[^>]+\bsrc=|<link[^>]+rel="modulepreload"/)
    const bootstraps = [...html.matchAll(/<script id="page-end" data-entry="([^"]+)" data-preloads="([^"]*)">/g)]
    expect(bootstraps).toHaveLength(1)
    const [, entry, preloads] = bootstraps[0]!
    const entryUrl = new URL(entry!, 'http://site')
    const source = await (await request.get(entryUrl.pathname)).text()
    // Static imports only (`import{…}from"…"` or `import"…"`); dynamic `import(…)` loads islands later, on purpose.
    const imports = [...source.matchAll(/\bimport\s*(?:[\w{}$,\s*]+from\s*)?["']([^"']+)["']/g)].map((m) => new URL(m[1]!, entryUrl).pathname)
    expect(imports.length).toBeGreaterThan(0)
    expect(imports.filter((url) => !preloads!.split(' ').includes(url))).toEqual([])
  })
}
