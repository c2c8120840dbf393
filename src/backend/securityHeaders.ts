// The security headers of everything the server sends, set in one place (http.ts calls `apply` before any
// handler runs, so the site, the admin and auth shells, the 404 page and the API all carry them).
//
// The Content-Security-Policy is computed from the site's build, not from a hand list: at start the HTML
// files of the build are read, every inline script that would execute is allowed by its SHA-256 hash (Vike
// inlines a bootstrap on the client-rendered pages), and the pages that hold the booking embed
// (src/sections/BookingWidget.tsx) are recorded with the embed's origin (its data-url) and its script's
// origin (the `bookingScript` option): only those pages may load and frame the booking service. No page
// may run inline script it did not ship, nor be framed (frame-ancestors 'none', X-Frame-Options DENY), which
// matters most for /admin, whose session sits in localStorage. Inline styles stay allowed: Radix's scroll
// lock and the booking embed inject them, and they cannot run code. See docs/decisions/0032-security-headers.md.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join, relative, sep } from 'node:path'
import type { TLSSocket } from 'node:tls'

export interface SecurityHeaderOptions {
  /** The site's build output (dist/client); without it, pages get the policy with no inline script. */
  siteRoot?: string
  /** Where clients reach this server (SITE_URL): allowed to connect to, and HSTS when it is https. */
  publicUrl: string
  /** Other origins the pages talk to, e.g. a hosted Supabase project (VITE_SUPABASE_URL). */
  connectOrigins?: string[]
  /** The paths whose documents hold a session (/admin, /auth): they get Cross-Origin-Opener-Policy. */
  sessionPaths?: readonly string[]
  /** The booking embed's script (its URL); without it no page may load or frame the booking service. */
  bookingScript?: string
}

/** The origins a page's booking embed needs. */
interface Booking {
  frame: string
  script: string
}

interface SiteScan {
  scriptHashes: Set<string>
  /** Path of each page with the booking embed → the origins the embed needs. */
  booking: Map<string, Booking>
}

const BASE_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': 'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=()',
}
const HSTS = 'max-age=63072000; includeSubDomains'
/** JSON and other API answers are never documents: they may load nothing and be framed by nobody. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'"

export class SecurityHeaders {
  private readonly scan: SiteScan
  private readonly connect: string
  /**
   * Cross-Origin-Opener-Policy only where a session lives (/admin, /auth): it cuts the window handle another
   * site could hold on them. Public pages go without it: a COOP document gets a browsing context group, and on
   * Android a renderer process, of its own, so every visit from another site paid a renderer start on the
   * critical path (measured side by side: decision 0078).
   */
  private readonly sessionDocuments: RegExp | undefined
  private readonly bookingOf: (html: string) => Booking | undefined

  constructor(private readonly options: SecurityHeaderOptions) {
    const bookingScript = options.bookingScript
    this.bookingOf = bookingScript ? (html) => bookingOf(html, bookingScript) : () => undefined
    this.scan = options.siteRoot ? scanSite(options.siteRoot, this.bookingOf) : { scriptHashes: new Set(), booking: new Map() }
    const sessionPaths = options.sessionPaths ?? []
    this.sessionDocuments = sessionPaths.length ? new RegExp(`^(${sessionPaths.join('|')})(/|$)`) : undefined
    const origins = [options.publicUrl, ...(options.connectOrigins ?? [])].map((url) => new URL(url))
    // supabase-js opens its realtime socket on the same host with ws(s):.
    this.connect = ["'self'", ...new Set(origins.flatMap((url) => [url.origin, `${url.protocol === 'https:' ? 'wss' : 'ws'}://${url.host}`]))].join(
      ' ',
    )
  }

  /** Sets the headers on `res` before a handler writes it; `kind` says whether a page or the API answers. */
  apply(req: IncomingMessage, res: ServerResponse, kind: 'site' | 'api'): void {
    for (const [name, value] of Object.entries(BASE_HEADERS)) res.setHeader(name, value)
    if (this.sessionDocuments?.test(pathOf(req))) res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
    if ((req.socket as TLSSocket).encrypted || this.options.publicUrl.startsWith('https:')) res.setHeader('Strict-Transport-Security', HSTS)
    res.setHeader('Content-Security-Policy', kind === 'api' ? API_POLICY : this.pagePolicy(pathOf(req)))
  }

  /** The policy of a page rendered on request (src/host/site): its own HTML says whether it holds the embed. */
  renderedPagePolicy(pathname: string, html: string): string {
    return this.pagePolicy(pathname, this.bookingOf(html))
  }

  pagePolicy(pathname: string, booking = this.scan.booking.get(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname)): string {
    const hashes = [...this.scan.scriptHashes].map((hash) => `'sha256-${hash}'`)
    return [
      "default-src 'self'",
      ['script-src', "'self'", ...hashes, ...(booking ? [booking.script] : [])].join(' '),
      ['style-src', "'self'", "'unsafe-inline'", ...(booking ? [booking.script] : [])].join(' '),
      "img-src 'self' data: https:", // post covers and Markdown images are any https URL staff choose
      "font-src 'self' data:",
      `connect-src ${this.connect}`,
      `frame-src ${booking ? booking.frame : "'none'"}`,
      "frame-ancestors 'none'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "manifest-src 'self'",
      "worker-src 'self'",
    ].join('; ')
  }
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?', 1)[0]!
}

/** Reads every HTML file of the build once: the inline scripts it runs and where the booking embed sits. */
function scanSite(root: string, bookingOf: (html: string) => Booking | undefined): SiteScan {
  const scan: SiteScan = { scriptHashes: new Set(), booking: new Map() }
  for (const file of htmlFiles(root)) {
    const html = readFileSync(file, 'utf8')
    for (const [, attributes = '', body = ''] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      if (/\bsrc\s*=/i.test(attributes) || !executes(attributes)) continue
      scan.scriptHashes.add(createHash('sha256').update(body, 'utf8').digest('base64'))
    }
    const booking = bookingOf(html)
    if (booking) {
      const path =
        '/' +
        relative(root, file)
          .split(sep)
          .join('/')
          .replace(/(^|\/)index\.html$/, '')
          .replace(/\.html$/, '')
      scan.booking.set(path.length > 1 ? path.replace(/\/+$/, '') : '/', booking)
    }
  }
  return scan
}

/** The origins a page's booking embed needs, or undefined when the page has none. */
function bookingOf(html: string, script: string): Booking | undefined {
  const embed = /data-behavior="booking-widget"[\s\S]*?data-url="([^"]+)"/.exec(html)
  return embed ? { frame: new URL(embed[1]!.replaceAll('&amp;', '&')).origin, script: new URL(script).origin } : undefined
}

/** Data blocks (JSON-LD, Vike's page context) are not run, so CSP does not govern them. */
function executes(attributes: string): boolean {
  const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase()
  return type === undefined || type === 'module' || type === 'text/javascript' || type === 'application/javascript'
}

function htmlFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.html'))
    .map((entry) => join(entry.parentPath, entry.name))
}
