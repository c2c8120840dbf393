// Security headers on every kind of answer and /backend.json's URL from configuration,
// over real HTTP against the embedded backend serving a small build of its own: a page with an inline
// script, a page with the booking embed, the client-rendered shells and the 404 page.
import { createHash } from 'node:crypto'
import { get, type IncomingHttpHeaders } from 'node:http'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CALENDLY_SCRIPT } from '../../src/behaviors/bookingWidget.ts'
import { createSiteHandler } from '../../src/host/static.ts'
import { privatePaths } from '../../src/seo/sitemap.ts'
import { embeddedOnly, isHosted, startTarget, tmpRoot, type Target } from './target.ts'

const root = join(tmpRoot, `csp-site-${crypto.randomUUID()}`)
const bootstrap = 'import("/assets/entries/admin.js")'
const files: Record<string, string> = {
  'index.html': `<!doctype html><title>Inicio</title><script type="application/ld+json">{"@type":"Thing"}</script>
    <div data-behavior="booking-widget"><template><div data-url="https://calendly.com/agencia/30min?hide_gdpr_banner=1&amp;x=1"></div></template></div>`,
  'aviso-legal/index.html': '<!doctype html><title>Aviso</title><h1>Aviso legal</h1>',
  'admin/index.html': `<!doctype html><title>Admin</title><div id="root"></div><script type="module" async>${bootstrap}</script>`,
  'auth/index.html': '<!doctype html><title>Auth</title><div id="root"></div>',
  '404.html': '<!doctype html><title>404</title><h1>404</h1>',
}
const targets: Target[] = []
let target: Target

beforeAll(async () => {
  if (isHosted) return
  for (const [name, content] of Object.entries(files)) {
    await mkdir(join(root, name, '..'), { recursive: true })
    await writeFile(join(root, name), content)
  }
  target = await start({})
})
afterAll(async () => {
  for (const running of targets) await running.close()
  await rm(root, { recursive: true, force: true })
})

async function start(options: { publicUrl?: string }): Promise<Target> {
  const running = await startTarget({
    site: createSiteHandler({ root, redirects: {} }),
    siteRoot: root,
    sessionPaths: privatePaths,
    bookingScript: CALENDLY_SCRIPT,
    ...options,
  })
  targets.push(running)
  return running
}

const policyOf = (res: Response) => res.headers.get('content-security-policy') ?? ''

/** fetch() will not send a Host header of the caller's choosing; an attacker's client will. */
function getWithHost(url: string, host: string): Promise<{ headers: IncomingHttpHeaders; body: { url: string } }> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { host } }, (res) => {
      let text = ''
      res.on('data', (chunk: Buffer) => (text += chunk.toString()))
      res.on('end', () => resolve({ headers: res.headers, body: JSON.parse(text) as { url: string } }))
    }).on('error', reject)
  })
}

describe.skipIf(isHosted)(`security headers ${embeddedOnly}`, () => {
  it('every answer — pages, shells, 404, assets, API, backend.json — carries the base headers and a CSP that forbids framing', async () => {
    const answers = await Promise.all(
      ['/', '/admin', '/auth', '/no-existe', '/aviso-legal', '/backend.json', '/rest/v1/blog_posts', '/auth/v1/settings'].map((path) =>
        fetch(`${target.url}${path}`, { headers: { apikey: target.anonKey } }).then((res) => ({ path, res })),
      ),
    )
    for (const { path, res } of answers) {
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff')
      expect(res.headers.get('referrer-policy'), path).toBe('strict-origin-when-cross-origin')
      expect(res.headers.get('x-frame-options'), path).toBe('DENY')
      expect(res.headers.get('permissions-policy'), path).toContain('camera=()')
      expect(policyOf(res), path).toContain("frame-ancestors 'none'")
      expect(res.headers.get('strict-transport-security'), path).toBeNull() // plain http here
    }
    expect(answers.find((a) => a.path === '/no-existe')!.res.status).toBe(404)
  })

  it('the session paths the host names (/admin, /auth) get Cross-Origin-Opener-Policy; public pages and the API do not', async () => {
    for (const path of ['/admin', '/auth']) {
      expect((await fetch(`${target.url}${path}`)).headers.get('cross-origin-opener-policy'), path).toBe('same-origin')
    }
    for (const path of ['/', '/aviso-legal', '/backend.json']) {
      expect((await fetch(`${target.url}${path}`)).headers.get('cross-origin-opener-policy'), path).toBeNull()
    }
  })

  it('pages may run only their own scripts and the inline ones the build shipped (by hash), never eval or inline handlers', async () => {
    const policy = policyOf(await fetch(`${target.url}/admin`))
    const hash = createHash('sha256').update(bootstrap).digest('base64')
    expect(policy).toContain(`script-src 'self' 'sha256-${hash}'`)
    expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/)
    expect(policy).toContain("object-src 'none'")
    expect(policy).toContain("base-uri 'self'")
    // JSON-LD is data, not script: no hash for it.
    expect(policy.match(/'sha256-/g)).toHaveLength(1)
  })

  it('allows the booking service only on the page that holds its embed', async () => {
    const home = policyOf(await fetch(`${target.url}/`))
    expect(home).toContain('frame-src https://calendly.com')
    expect(home).toMatch(/script-src [^;]*https:\/\/assets\.calendly\.com/)
    for (const path of ['/aviso-legal', '/admin', '/no-existe']) {
      const policy = policyOf(await fetch(`${target.url}${path}`))
      expect(policy, path).toContain("frame-src 'none'")
      expect(policy, path).not.toContain('calendly')
    }
  })

  it('/backend.json gives the configured URL whatever Host the request names; HSTS when the site is https', async () => {
    const forged = await getWithHost(`${target.url}/backend.json`, 'evil.example')
    expect(forged.body.url).toBe(`http://localhost:${new URL(target.url).port}`)

    const behindTls = await start({ publicUrl: 'https://www.agencia.es/' })
    const res = await getWithHost(`${behindTls.url}/backend.json`, 'evil.example')
    expect(res.body.url).toBe('https://www.agencia.es')
    expect(res.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains')
    expect(policyOf(await fetch(`${behindTls.url}/admin`))).toContain("connect-src 'self' https://www.agencia.es wss://www.agencia.es")
  })
})
