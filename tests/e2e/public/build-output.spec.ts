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
  // Messages only src/site-content/schema.ts writes.
  for (const message of ['debe empezar por "/" o "#"', 'imagen propia bajo /images/']) {
    expect(scripts.filter((s) => s.text.includes(message)).map((s) => s.file)).toEqual([])
  }
})

test("the build's own HTML files are never served: what was unpublished since the build stays gone", async ({ request }) => {
  // dist/client/shopify/index.html exists; the live page is at /shopify.
  expect((await request.get('/shopify')).status()).toBe(200)
  for (const path of ['/shopify/index.html', '/blog/index.html', '/index.html']) expect((await request.get(path)).status(), path).toBe(404)
})

// A public page's one script imports a few shared chunks; the HTML names them all, so the browser fetches
// them with the script instead of one round trip after it (renderer/entryPreloads.ts). Prerendered pages,
// pages rendered live from the CMS, and the 404 page.
for (const path of ['/', '/shopify', '/blog', '/blog/que-es-un-mvp-y-cuanto-cuesta', '/no-existe']) {
  test(`${path}: every module the page's script imports is preloaded by its HTML`, async ({ request }) => {
    const html = await (await request.get(path)).text()
    const entries = [...html.matchAll(/<script src="([^"]+)" type="module"/g)].map((m) => m[1]!)
    expect(entries).toHaveLength(1)
    const preloaded = new Set([...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]!))
    const entryUrl = new URL(entries[0]!, 'http://site')
    const source = await (await request.get(entryUrl.pathname)).text()
    // Static imports only (`import{…}from"…"` or `import"…"`); dynamic `import(…)` loads islands later, on purpose.
    const imports = [...source.matchAll(/\bimport\s*(?:[\w{}$,\s*]+from\s*)?["']([^"']+)["']/g)].map((m) => new URL(m[1]!, entryUrl).pathname)
    expect(imports.length).toBeGreaterThan(0)
    expect(imports.filter((url) => !preloaded.has(url))).toEqual([])
  })
}
