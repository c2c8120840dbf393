// `npm start`'s public site: every page rendered on request by Vike from the build's server code and
// cached per CMS revision, so what staff publish is served within a second, with no rebuild or restart
// (docs/decisions/0020-live-publishing.md). Visitors still get complete HTML with no client data fetch.
// Files (assets, images, the admin and auth shells) and content/redirects.ts's redirects are the static
// handler's; the CMS's redirects (public.redirects) are answered here, before any render.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pathToFileURL } from 'node:url'
import { FEED_PATH } from '../../blog/paths.ts'
import type { Site } from '../../siteContent/schema.ts'
import type { LeadForms } from '../../leads/submit.server.ts'
import { feedXml, sitemapXml, type RouteInfo } from '../../seo/siteFiles.server.ts'
import { StylesheetInliner } from './inlineStylesheet.ts'
import { LateHtml } from './lateHtml.ts'
import { encodedBody, PageCache, type CachedAnswer, type Rendered } from './pageCache.ts'
import { PagePaths } from './pagePaths.ts'
import { PREVIEW_PATH, readPreviewForm } from './preview.ts'
import { LIVE_PREVIEW_PATH, readLivePreview } from './livePreview.ts'
import { REVALIDATE_PATH, revalidateAnswer } from './revalidate.ts'
import type { ContentRevision } from './revision.ts'
import { cmsRedirects } from '../../cms/redirects.server.ts'
import type { NotFoundLog } from './notFoundLog.ts'
import { RedirectMap, redirectKey } from './redirectMap.ts'
import { BEACON_PATH } from '../../analytics/events.ts'
import type { Beacons } from '../analytics/beacons.ts'

export interface LiveSiteOptions {
  /** The build's server entry (dist/server/entry.mjs): loaded explicitly, so a build made elsewhere since
   * (the quality baseline, a test's build) can never be the one rendered. */
  serverEntry: string
  /** The build's browser files (dist/client): the stylesheet a page may carry inline (./inlineStylesheet.ts). */
  clientRoot: string
  /** Serves files, shells and redirects (src/host/static.ts). */
  files: (req: IncomingMessage, res: ServerResponse) => void
  redirects: Record<string, string>
  revision: ContentRevision
  site: Site
  contentRoutes: RouteInfo[]
  /** REVALIDATE_SECRET: the hosted database's webhook proves itself with it; unset, the endpoint is off. */
  revalidateSecret?: string
  /** The Content-Security-Policy of a rendered page (its booking embed is allowed only where it loads). */
  pagePolicy: (pathname: string, html: string) => string
  /** The contact form (src/leads/): its posts, challenge and thank-you state, answered with uncached renders. */
  leads?: LeadForms
  /** Counts the paths answered with 404 for the admin's log (./notFoundLog.ts). */
  notFoundLog?: NotFoundLog
  /** The analytics beacons (../analytics/), told which paths are pages at the current revision. */
  beacons?: Beacons
}

type RenderPage = (typeof import('vike/server'))['renderPage']

// Public HTML may be kept by browsers and proxies, but must be revalidated (ETag) on each use.
const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate'
// A redirect staff may change or remove: browsers keep even a 301 only for minutes.
const REDIRECT_CACHE_CONTROL = 'public, max-age=300'

/**
 * The one 404 page every path that is no page is answered with (it does not depend on the path): rendered
 * from a path no route matches, cached under a key no path can be (paths start with a slash).
 */
const NOT_FOUND = { key: '404', path: '/404/no-existe/pagina' }

export function createLiveSite(options: LiveSiteOptions) {
  const cache = new PageCache()
  const pagePaths = new PagePaths(options.contentRoutes)
  const redirectMap = new RedirectMap(cmsRedirects, (error) =>
    console.warn(`[site] redirects unreadable at this revision: ${error instanceof Error ? error.message : String(error)}`),
  )
  const stylesheets = new StylesheetInliner(options.clientRoot)
  let renderPage: Promise<RenderPage> | undefined

  async function render(urlOriginal: string, extra: Record<string, unknown> = {}): Promise<Rendered> {
    renderPage ??= import(pathToFileURL(options.serverEntry).href).then(() => import('vike/server')).then((vike) => vike.renderPage)
    const lateHtml = new LateHtml()
    const pageContext = await (await renderPage)({ urlOriginal, headersOriginal: {}, lateHtml, ...extra })
    const response = pageContext.httpResponse
    if (!response) return { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: Buffer.from('Not found') }
    // Header names in lower case, as Node reads them; caching is this module's decision, not Vike's.
    const headers: Record<string, string> = {}
    for (const [name, value] of response.headers) if (name.toLowerCase() !== 'cache-control') headers[name.toLowerCase()] = value
    const page = await response.getBody()
    const html = headers['content-type']?.startsWith('text/html')
    // The page's policy is read from its HTML once per render, not on every request for it; before the late
    // HTML is spliced in, which is sanitised Markdown, never a script or style the policy would list.
    if (html) headers['content-security-policy'] = options.pagePolicy(urlOriginal, page)
    const body = lateHtml.splice(page)
    if (!html) return { status: response.statusCode, headers, body: Buffer.from(body) }
    const served = await stylesheets.apply(body)
    return { status: response.statusCode, headers, body: Buffer.from(served.html), brotli: served.brotli }
  }

  function generated(type: string, make: () => Promise<string>) {
    return async (): Promise<Rendered> => ({ status: 200, headers: { 'content-type': type }, body: Buffer.from(await make()) })
  }
  const sitemap = generated('application/xml; charset=utf-8', () => sitemapXml(options.contentRoutes, options.site, options.redirects))
  const feed = generated('application/rss+xml; charset=utf-8', () => feedXml(options.site))

  async function send(req: IncomingMessage, res: ServerResponse, answer: CachedAnswer): Promise<void> {
    const { etag, status } = answer
    res.setHeader('Vary', 'Accept-Encoding')
    const policy = answer.headers['content-security-policy']
    if (policy) res.setHeader('Content-Security-Policy', policy)
    if (status === 200 && req.headers['if-none-match'] === etag) {
      res.writeHead(304, { ETag: etag, 'Cache-Control': PAGE_CACHE_CONTROL })
      return void res.end()
    }
    const { body, encoding } = await encodedBody(answer, req.headers['accept-encoding'])
    res.writeHead(status, {
      ...answer.headers,
      'Cache-Control': status === 200 ? PAGE_CACHE_CONTROL : 'no-cache',
      ETag: etag,
      'Content-Length': String(body.length),
      ...(encoding && { 'Content-Encoding': encoding }),
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }

  async function serveLive(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const revision = await options.revision.current()
    if (pathname === '/sitemap.xml') return send(req, res, await cache.get(pathname, revision, sitemap))
    if (pathname === FEED_PATH) return send(req, res, await cache.get(pathname, revision, feed))
    if (!(await pagePaths.isPage(pathname, revision))) return serveNoPage(req, res, pathname, revision)
    // Keyed by path alone: a query string never makes another copy of a page.
    return send(req, res, await cache.get(pathname, revision, () => render(pathname)))
  }

  /**
   * A path that is no page: the CMS's redirect from it, answered before any render, or the one 404 page
   * (rendered once per revision; 410 for a redirect that says the page is gone), counted in the 404 log.
   */
  async function serveNoPage(req: IncomingMessage, res: ServerResponse, pathname: string, revision: string): Promise<void> {
    const url = req.url ?? '/'
    const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : ''
    const redirect = await redirectMap.find(pathname, query, revision)
    if (redirect && redirect.status !== 410) {
      res.writeHead(redirect.status, { Location: redirect.location, 'Cache-Control': REDIRECT_CACHE_CONTROL })
      return void res.end()
    }
    const notFound = await cache.get(NOT_FOUND.key, revision, () => render(NOT_FOUND.path))
    if (redirect) return send(req, res, { ...notFound, status: 410 })
    options.notFoundLog?.record(redirectKey(pathname))
    return send(req, res, notFound)
  }

  /**
   * A staff preview, rendered for this request alone: never cached (here or by anyone on the way), never
   * indexed, never counted as a visit or in the 404 log. Without a staff token it is the 404 page.
   */
  async function servePreview(res: ServerResponse, path: string, extra: Record<string, unknown>): Promise<void> {
    const page = await render(path, extra)
    res.writeHead(page.status, {
      ...page.headers,
      'Cache-Control': 'private, no-store',
      'X-Robots-Tag': 'noindex, nofollow',
      'Content-Security-Policy': options.pagePolicy(path, page.body.toString('utf8')),
    })
    res.end(page.body)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const pathname = (req.url ?? '/').split('?', 1)[0]!
    if (pathname === BEACON_PATH && options.beacons) {
      // The staff preview is no visit: its path is a page to the renderer, not to analytics.
      const counted = async (path: string) => path !== PREVIEW_PATH && pagePaths.isPage(path, await options.revision.current())
      return options.beacons.handle(req, res, counted)
    }
    if (req.method === 'POST' && pathname === PREVIEW_PATH)
      return servePreview(res, PREVIEW_PATH, { previewRequest: (await readPreviewForm(req)) ?? undefined })
    if (req.method === 'POST' && pathname === LIVE_PREVIEW_PATH)
      return servePreview(res, LIVE_PREVIEW_PATH, { livePreview: (await readLivePreview(req)) ?? undefined, marksPlaces: true })
    if (req.method === 'POST' && pathname === REVALIDATE_PATH)
      return revalidateAnswer(req, res, options.revalidateSecret, () => options.revision.expire())
    if (options.leads?.handles(req.method, req.url ?? '/') && !isFile(pathname)) {
      const page = {
        render: (extra: Record<string, unknown>) => render(pathname, extra),
        policy: (html: string) => options.pagePolicy(pathname, html),
      }
      return options.leads.handle(req, res, pathname, page)
    }
    if ((req.method !== 'GET' && req.method !== 'HEAD') || isFile(pathname) || options.redirects[pathname.replace(/(.)\/+$/, '$1')]) {
      return options.files(req, res)
    }
    return serveLive(req, res, pathname)
  }

  return {
    handle: (req: IncomingMessage, res: ServerResponse): void => {
      handle(req, res).catch((error: unknown) => {
        console.error(`[site] ${req.method} ${req.url}: ${error instanceof Error ? error.message : String(error)}`)
        if (!res.headersSent) res.writeHead(503, { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': '5' })
        res.end('Servicio no disponible temporalmente')
      })
    },
    /**
     * Renders the given pages into the cache, one after another, so the first visitors after a start
     * (and the code the first render loads) do not wait. A failure here only leaves a page cold.
     */
    warm: async (paths: string[]): Promise<void> => {
      for (const pathname of paths) {
        const revision = await options.revision.current().catch(() => null)
        if (revision === null) return
        await cache.get(pathname, revision, () => render(pathname)).catch(() => undefined)
      }
    },
  }
}

/**
 * Build files and the client-rendered shells: served as built. Pages render live, under any spelling: the
 * build's own HTML files (/blog/x/index.html) and Vike's .pageContext.json hold what was published at
 * build time, which may since have been unpublished.
 */
function isFile(pathname: string): boolean {
  if (/^\/(admin|auth)(\/|$)/.test(pathname)) return true
  if (pathname.endsWith('.pageContext.json') || pathname.endsWith('.html')) return false
  return pathname !== '/sitemap.xml' && pathname !== FEED_PATH && /\.[a-z0-9]+$/i.test(pathname)
}
