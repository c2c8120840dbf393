// The site half of `npm start`: the prerendered files served next to the API on one origin, with compression,
// caching, redirects, the 404 page and the anon-key endpoint. Uses its own tiny dist folder so it does not
// depend on the state of the site build.
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiteHandler } from '../../src/host/static.ts'
import { client, embeddedOnly, isHosted, startTarget, tmpRoot, type Target } from './target.ts'

const root = join(tmpRoot, `site-${crypto.randomUUID()}`)
const script = `console.log(${JSON.stringify('islas '.repeat(2000))})`
const stylesheet = `${'.hero{color:#fff}'.repeat(400)}`
// The build's best-quality copies (renderer/precompress.ts), which a server could not afford per request.
const stylesheetCopies = {
  br: brotliCompressSync(stylesheet, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  gzip: gzipSync(stylesheet, { level: 9 }),
}
let target: Target

beforeAll(async () => {
  if (isHosted) return
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Inicio</title><h1>Inicio</h1>',
    '404.html': '<!doctype html><title>404</title><h1>404</h1><p>Oops! Page not found</p>',
    'consultoria-uxui/index.html': '<!doctype html><title>UX/UI</title>',
    'admin/index.html': '<!doctype html><title>Admin</title><div id="root"></div>',
    'auth/index.html': '<!doctype html><title>Auth</title><div id="root"></div>',
    'assets/islands-Ab12Cd34.js': script,
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'assets/static/site-Ef56Gh78.css': stylesheet,
  }
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true })
    await writeFile(join(root, name), content)
  }
  await writeFile(join(root, 'assets/static/site-Ef56Gh78.css.br'), stylesheetCopies.br)
  await writeFile(join(root, 'assets/static/site-Ef56Gh78.css.gz'), stylesheetCopies.gzip)
  target = await startTarget({ site: createSiteHandler({ root, redirects: { '/consultoria-ux-ui': '/consultoria-uxui' } }) })
})
afterAll(async () => {
  await target?.close()
  await rm(root, { recursive: true, force: true })
})

describe.skipIf(isHosted)(`the site on the backend's origin ${embeddedOnly}`, () => {
  it('serves hashed assets compressed (brotli or gzip) and cached for a year, immutable', async () => {
    for (const encoding of ['br', 'gzip']) {
      const res = await fetch(`${target.url}/assets/islands-Ab12Cd34.js`, { headers: { 'Accept-Encoding': encoding } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
      expect(await res.text()).toBe(script) // fetch decodes it again
    }
  })

  it("serves the build's compressed copies of an asset as they are, and the plain file to a client that takes neither", async () => {
    for (const encoding of ['br', 'gzip'] as const) {
      const res = await fetch(`${target.url}/assets/static/site-Ef56Gh78.css`, { headers: { 'Accept-Encoding': `${encoding}, deflate` } })
      expect(res.headers.get('content-encoding')).toBe(encoding)
      expect(res.headers.get('content-type')).toBe('text/css')
      expect(res.headers.get('vary')).toBe('Accept-Encoding')
      expect(Number(res.headers.get('content-length'))).toBe(stylesheetCopies[encoding].length)
      expect(await res.text()).toBe(stylesheet)
    }
    const plain = await fetch(`${target.url}/assets/static/site-Ef56Gh78.css`, { headers: { 'Accept-Encoding': 'identity' } })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(stylesheet)
  })

  it('serves pages with a short cache', async () => {
    const res = await fetch(`${target.url}/`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, must-revalidate')
    expect(await res.text()).toContain('<h1>Inicio</h1>')
  })

  it('redirects old paths permanently', async () => {
    const res = await fetch(`${target.url}/consultoria-ux-ui?utm=x`, { redirect: 'manual' })
    expect(res.status).toBe(301)
    expect(res.headers.get('location')).toBe('/consultoria-uxui?utm=x')
  })

  it('answers unknown paths with the 404 page and status 404', async () => {
    const res = await fetch(`${target.url}/no-existe`)
    expect(res.status).toBe(404)
    expect(await res.text()).toContain('Oops! Page not found')
  })

  it('serves the client-rendered /admin and /auth shells', async () => {
    for (const path of ['/admin', '/auth']) {
      const res = await fetch(target.url + path)
      expect(res.status).toBe(200)
      expect(await res.text()).toContain('<div id="root">')
    }
  })

  it('refuses writes to static paths with 405', async () => {
    expect((await fetch(`${target.url}/`, { method: 'POST' })).status).toBe(405)
  })

  it('publishes the URL and anon key at /backend.json, and that key works with supabase-js', async () => {
    const res = await fetch(`${target.url}/backend.json`)
    expect(res.status).toBe(200)
    const info = (await res.json()) as { url: string; anonKey: string }
    // The configured URL (SITE_URL; by default localhost and the port), not the Host the request named.
    expect(info).toEqual({ url: target.url.replace('127.0.0.1', 'localhost'), anonKey: target.anonKey })
    const { data, error } = await client({ ...target, url: info.url, anonKey: info.anonKey })
      .from('blog_tags')
      .select('slug')
      .limit(1)
    expect(error).toBeNull()
    expect(data).toHaveLength(1)
  })

  it('answers CORS preflights for the API as Supabase does', async () => {
    const res = await fetch(`${target.url}/rest/v1/blog_posts`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://otra.example',
        'Access-Control-Request-Method': 'PATCH',
        'Access-Control-Request-Headers': 'apikey, authorization, content-type, prefer',
      },
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH')
    expect(res.headers.get('access-control-allow-headers')).toBe('apikey, authorization, content-type, prefer')
  })
})
