/**
 * Serves a built site for measuring. The product is served by its own server (`npm start`:
 * compression, redirects, 404 page, backend), so the figures are what visitors get; the baseline,
 * or the product while its server does not exist yet, by a static server with the same gzip
 * compression, so both are measured on equal terms.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import compression from 'compression'
import sirv from 'sirv'

export interface RunningSite {
  origin: string
  /** Everything the server printed (the product server prints the demo staff account there). */
  output: () => string
  stop: () => Promise<void>
}

/**
 * The file a checkout's `npm start` runs (`node --import tsx <file>`), read from its own package.json: a
 * reference build from before the servers were split starts from another file than this checkout does.
 */
function productServer(root: string): string | undefined {
  const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts?: { start?: string } }).scripts?.start
  const file = /--import tsx (\S+)$/.exec(start ?? '')?.[1]
  return file && existsSync(join(root, file)) ? file : undefined
}

export function hasProductServer(root = '.'): boolean {
  return productServer(root) !== undefined
}

async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 250))
    }
  }
  throw new Error(`${url} no responde tras ${timeoutMs / 1000} s`)
}

async function waitForOutput(output: () => string, pattern: RegExp, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (!pattern.test(output())) {
    if (Date.now() > deadline) throw new Error(`the server never printed ${pattern} in ${timeoutMs / 1000} s`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * Asks each site for each page once, as a browser would (brotli): the first request of a page renders it
 * (ours) or reads it from disk, and its compressed forms are made then; neither belongs in the figures,
 * which are what a visitor gets from a page already served once.
 */
export async function warmRoutes(origins: string[], paths: string[]): Promise<void> {
  for (const origin of origins)
    for (const path of paths) await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'br, gzip' } }).then((r) => r.arrayBuffer())
}

/**
 * `npm start` on a throw-away data folder, so it creates (and prints) the demo staff account. `root` is the
 * checkout to serve: this one, or a reference build's own worktree (scripts/quality/reference.ts).
 */
export async function startProductServer(port: number, root = '.'): Promise<RunningSite> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quality-data-'))
  const entry = productServer(root)
  if (!entry) throw new Error(`${root}: its package.json has no "start": "node --import tsx <file>" script`)
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: root,
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SKIP_BUILD: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => { output += chunk.toString() })
  child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString() })
  const origin = `http://localhost:${port}`
  // A fresh data folder is migrated and seeded first: on a busy 2-core machine that has taken over a minute.
  await waitForHttp(`${origin}/`, 180_000, child)
  // The prerendered files answer until the live pages are wired to the backend (src/host/start.ts), and
  // the build's sitemap lists no post: the routes to measure are read once the server says it is running.
  await waitForOutput(() => output, /running at/, 120_000)
  return {
    origin,
    output: () => output,
    stop: () => new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill('SIGTERM')
    }).then(() => rmSync(dataDir, { recursive: true, force: true })),
  }
}

/** A static server of `<outDir>/client` with gzip, answering unknown paths with its 404 page. */
export async function startStaticServer(outDir: string, port: number): Promise<RunningSite> {
  const root = join(outDir, 'client')
  const notFound = existsSync(join(root, '404.html')) ? readFileSync(join(root, '404.html')) : 'Not found'
  const files = sirv(root, { extensions: ['html'], etag: true })
  const gzip = compression()
  const server: Server = createServer((req, res) => {
    gzip(req as never, res as never, () => files(req, res, () => {
      res.statusCode = 404
      res.setHeader('content-type', 'text/html; charset=utf-8')
      res.end(notFound)
    }))
  })
  await new Promise<void>((resolve) => server.listen(port, resolve))
  return {
    origin: `http://localhost:${port}`,
    output: () => '',
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  }
}
