// Serves the prerendered site (dist/client) for `npm start`: sirv for the files, `compression` for gzip and
// brotli, long immutable caching for hashed assets and a short one for HTML, real 301s for the redirects of
// content/redirects.ts, and the 404 page with a 404 status for everything else. /admin and /auth are
// client-rendered: sirv finds their prerendered shells at admin/index.html and auth/index.html.
//
// The folder is read as it is at each request (sirv's `dev` lookup: a stat of the few names a path may take),
// not from an index made at the start: a deploy that replaces dist/ under a running server, or a file
// removed by hand, is answered as the folder now is. An index made at the start would serve a file that is
// gone (its stream failing with ENOENT once the 200 was written: no answer, and an unhandled stream error
// that ended the process), the old length of a changed file, and 404 for the new build's files.
import compression from 'compression'
import { existsSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import sirv from 'sirv'

export interface SiteOptions {
  /** The folder `vike build` writes the browser files to, usually dist/client. */
  root: string
  /** Old path -> new path, answered with 301 (content/redirects.ts). */
  redirects: Record<string, string>
}

const ASSET_CACHE = 'public, max-age=31536000, immutable' // file names carry a content hash
const HTML_CACHE = 'public, max-age=300, must-revalidate' // a new deploy shows within minutes
const FILE_CACHE = 'public, max-age=86400' // favicon, images: stable names, rarely changed

export function createSiteHandler({ root, redirects }: SiteOptions) {
  const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void
  const notFoundPage = existsSync(join(root, '404.html')) ? readFileSync(join(root, '404.html')) : '<h1>404</h1>'
  const serve = sirv(root, {
    dev: true,
    etag: true,
    extensions: ['html'],
    // The build's brotli and gzip copies of scripts, stylesheets and SVG images (renderer/precompress.ts);
    // `compression` leaves an answer that already has a Content-Encoding alone.
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControlFor(pathname))
    },
  })

  return (req: IncomingMessage, res: ServerResponse): void => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' })
      return void res.end('Method Not Allowed')
    }
    const [rawPath = '/', query] = (req.url ?? '/').split('?', 2)
    const target = redirects[rawPath.length > 1 ? rawPath.replace(/\/+$/, '') : rawPath]
    if (target) {
      res.writeHead(301, { Location: query ? `${target}?${query}` : target, 'Cache-Control': HTML_CACHE })
      return void res.end()
    }
    const notFound = () => {
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-cache' })
      res.end(req.method === 'HEAD' ? undefined : notFoundPage)
    }
    // The build's hidden files (.vite/…) are not the site's; sirv's start-time index left them out, its
    // per-request lookup does not.
    if (HIDDEN.test(rawPath)) return compress(req, res, notFound)
    // A file removed between sirv's stat and its open: the 200 is written but nothing was sent yet. The
    // stream's error must not go unhandled (it would end the process); the client sees the connection cut.
    res.once('pipe', (source) =>
      source.once('error', (error) => {
        console.warn(`[static] ${rawPath}: ${error.message}`)
        res.destroy()
      }),
    )
    compress(req, res, () => serve(req, res, notFound))
  }
}

/** A path with a segment that starts with a dot (and is not /.well-known/), raw or percent-encoded. */
const HIDDEN = /\/(\.|%2e)(?!well-known\/)/i

function cacheControlFor(pathname: string): string {
  if (pathname.startsWith('/assets/')) return ASSET_CACHE
  return /\.(?!html$)[a-z0-9]+$/i.test(pathname) ? FILE_CACHE : HTML_CACHE
}
