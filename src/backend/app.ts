// Assembles the embedded backend: database, keys, auth service, PostgREST (a child process, postgrest.ts),
// and the HTTP server that serves them (and, from `npm start`, the site). Used by src/host/start.ts, the contract
// tests and the benchmark.
import { clientAddressFor, type ClientAddress } from './clientAddress.ts'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AuthService, defaultAuthOptions, type AuthOptions } from './auth/index.ts'
import { Database } from './db.ts'
import { createRequestHandler } from './http.ts'
import { Keys } from './keys.ts'
import { Postgrest, findPostgrest, type PostgrestOptions } from './postgrest.ts'
import { SecurityHeaders } from './securityHeaders.ts'
import { StorageService } from './storage/service.ts'
import type { StorageLimits } from './storage/context.ts'

export interface ServerOptions {
  dataDir: string
  port?: number
  host?: string
  auth?: Partial<AuthOptions>
  maxBodyBytes?: number
  /** Storage limits beyond the defaults (10 MB per object). */
  storage?: Partial<StorageLimits>
  site?: (req: IncomingMessage, res: ServerResponse) => void
  /** The site's build output (dist/client), read for the Content-Security-Policy of its pages. */
  siteRoot?: string
  /** Where clients reach the server (SITE_URL); defaults to http://localhost:<port> on a local address. */
  publicUrl?: string
  /** Origins the pages may connect to besides this server (a hosted Supabase project). */
  connectOrigins?: string[]
  /** The paths whose documents hold a session (the admin's and sign-in's): Cross-Origin-Opener-Policy there. */
  sessionPaths?: readonly string[]
  /** The booking embed's script URL: the pages that hold the embed may load it and frame the service. */
  bookingScript?: string
  /** PostgREST settings beyond the hosted-like defaults (the compatibility run only). */
  postgrest?: PostgrestOptions
  /** Migrations applied after supabase/migrations (the compatibility run's fixture schema only). */
  extraMigrationsDir?: string
  /** The reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY, clientAddress.ts); none by default. */
  trustedProxies?: readonly string[]
}

export interface RunningServer {
  url: string
  /** The URL given to clients (/backend.json) and printed: the configured site URL. */
  publicUrl: string
  db: Database
  keys: Keys
  /** The PostgREST child that serves /rest/v1. */
  rest: Postgrest
  /** /storage/v1 and the files it keeps in the data folder. */
  storage: StorageService
  /** True when this start created the data folder's database (and seeded it). */
  fresh: boolean
  /** The headers every answer carries; the live site asks it for each rendered page's policy. */
  securityHeaders: SecurityHeaders
  /** A request's client address, through the trusted proxies: for every rate limit and count by address. */
  clientAddress: ClientAddress
  server: Server
  /**
   * Whether the database answers a query and PostgREST a request, each with a short detail (no secrets):
   * for the host's readiness check. Each waits `timeoutMs` at most.
   */
  ping(timeoutMs?: number): Promise<{ database: HealthCheck; postgrest: HealthCheck }>
  /**
   * Stops accepting connections at once and closes idle ones; resolves when the requests in flight have
   * ended, or after `graceMs`, whichever comes first (what is left is cut by `close`). A stop calls it
   * before anything else closes, so no new request reaches services that are closing.
   */
  stopAccepting(graceMs?: number): Promise<void>
  close(): Promise<void>
}

/** One check of a readiness answer. */
export interface HealthCheck {
  ok: boolean
  detail: string
}

const HEADERS_TOO_LARGE_BODY = JSON.stringify({
  code: 'PGRST100',
  details: 'The request line and headers are larger than 64 KB',
  hint: null,
  message: 'Request Header Fields Too Large',
})
const HEADERS_TOO_LARGE = `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(HEADERS_TOO_LARGE_BODY)}\r\nConnection: close\r\n\r\n${HEADERS_TOO_LARGE_BODY}`

/** The port to listen on is taken by another process, or needs privileges this one lacks. */
export class PortUnavailable extends Error {
  constructor(host: string, port: number, code: 'EADDRINUSE' | 'EACCES') {
    super(
      code === 'EADDRINUSE'
        ? `Port ${port} on ${host} is already in use by another process (another npm start?). Stop it, or set PORT to a free port, e.g. PORT=${port + 1} npm start.`
        : `Port ${port} on ${host} needs privileges this process does not have. Set PORT to a port above 1023, e.g. PORT=3000, and let a reverse proxy take 80/443 (docs/deploy.md).`,
    )
  }
}

export async function startServer(options: ServerOptions): Promise<RunningServer> {
  findPostgrest() // before the data folder is opened: a missing binary is reported and nothing is touched
  const { db, fresh } = await Database.open(options.dataDir, options.extraMigrationsDir)
  const keys = await Keys.load(options.dataDir)
  const storage = await StorageService.open(db, options.dataDir, keys, options.storage)
  const rest = await Postgrest.start(db, keys, options.postgrest).catch(async (error: unknown) => {
    await db.close()
    throw error
  })
  // Headers up to 64 KB reach the handler, so an over-long URL is answered by the edge's own limit
  // (http.ts, MAX_URL_BYTES: 414 in the service's error shape) rather than by Node's parser.
  const server = createServer({ maxHeaderSize: 64 * 1024 })
  // Requests keep their sockets alive; closing the server must not wait for idle clients.
  server.keepAliveTimeout = 5000
  server.on('clientError', (error: NodeJS.ErrnoException, socket) => {
    if (socket.writable && error.code === 'HPE_HEADER_OVERFLOW') socket.end(HEADERS_TOO_LARGE)
    else if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n')
    else socket.destroy()
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 3000, options.host ?? '127.0.0.1', () => resolve())
  }).catch(async (error: NodeJS.ErrnoException) => {
    // What was opened for this server is let go, so the folder's lock is free for the next try.
    await rest.stop()
    await db.close()
    throw error.code === 'EADDRINUSE' || error.code === 'EACCES'
      ? new PortUnavailable(options.host ?? '127.0.0.1', options.port ?? 3000, error.code)
      : error
  })
  const { port } = server.address() as AddressInfo
  const url = `http://${options.host === '0.0.0.0' ? 'localhost' : (options.host ?? '127.0.0.1')}:${port}`
  const local = ['127.0.0.1', '0.0.0.0', 'localhost', '::1', '::'].includes(options.host ?? '127.0.0.1')
  const publicUrl = (options.publicUrl ?? (local ? `http://localhost:${port}` : url)).replace(/\/+$/, '')
  const auth = new AuthService(db, keys, `${url}/auth/v1`, { ...defaultAuthOptions, ...options.auth }, publicUrl)
  const securityHeaders = new SecurityHeaders({
    siteRoot: options.siteRoot,
    publicUrl,
    connectOrigins: options.connectOrigins,
    sessionPaths: options.sessionPaths,
    bookingScript: options.bookingScript,
  })
  const clientAddress = clientAddressFor(options.trustedProxies)
  server.on(
    'request',
    createRequestHandler({
      auth,
      rest,
      storage,
      keys,
      site: options.site,
      publicUrl,
      securityHeaders,
      clientAddress,
      maxBodyBytes: options.maxBodyBytes,
    }),
  )
  // Resolves when the last connection has ended after the listening socket closed; the requests in flight
  // are waited for once (a stop's first step, or `close` when nothing stopped accepting before).
  let closed: Promise<void> | undefined
  let waited: Promise<void> | undefined
  const stopAccepting = (graceMs = 2000): Promise<void> => {
    closed ??= new Promise<void>((resolve) => server.close(() => resolve()))
    waited ??= (async () => {
      server.closeIdleConnections()
      // A keep-alive connection whose request ends becomes idle: closed as soon as it is.
      const idle = setInterval(() => server.closeIdleConnections(), 50)
      let timer: NodeJS.Timeout | undefined
      await Promise.race([closed, new Promise((resolve) => (timer = setTimeout(resolve, graceMs)))])
      clearInterval(idle)
      clearTimeout(timer)
    })()
    return waited
  }
  return {
    url,
    publicUrl,
    db,
    keys,
    rest,
    storage,
    fresh,
    securityHeaders,
    clientAddress,
    server,
    ping: (timeoutMs = 2000) => ping(url, db, keys, timeoutMs),
    stopAccepting,
    async close() {
      // Stop accepting, let requests in flight finish (briefly), then cut what is left and close the database.
      await stopAccepting()
      server.closeAllConnections()
      await closed
      await auth.close()
      await rest.stop()
      await db.close()
    },
  }
}

async function ping(url: string, db: Database, keys: Keys, timeoutMs: number): Promise<{ database: HealthCheck; postgrest: HealthCheck }> {
  const timedOut = (ms: number) => new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())
  const timed = async (work: () => Promise<string>): Promise<HealthCheck> => {
    const start = performance.now()
    try {
      const detail = await Promise.race([work(), timedOut(timeoutMs)])
      return { ok: true, detail: `${detail} in ${Math.round(performance.now() - start)} ms` }
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : 'failed' }
    }
  }
  const [database, postgrest] = await Promise.all([
    // Through the session gate, as every query of the server's own code: waits for PostgREST's turn.
    timed(async () => {
      await db.transaction((tx) => tx.query('select 1'))
      return 'answered a query'
    }),
    // PostgREST's own readiness answer (its schema cache loaded, its connection up), through the edge.
    timed(async () => {
      const res = await fetch(`${url}/rest/v1/`, { method: 'HEAD', headers: { apikey: keys.anonKey }, signal: AbortSignal.timeout(timeoutMs) })
      if (!res.ok) throw new Error(`answered ${res.status}`)
      return 'answered'
    }),
  ])
  return { database, postgrest }
}
