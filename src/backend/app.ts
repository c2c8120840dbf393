// Assembles the embedded backend: database, keys, auth service, PostgREST (a child process, postgrest.ts),
// and the HTTP server that serves them (and, from `npm start`, the site). Used by src/host/start.ts, the contract
// tests and the benchmark.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AuthService, defaultAuthOptions, type AuthOptions } from './auth/index.ts'
import { Database } from './db.ts'
import { createRequestHandler } from './http.ts'
import { Keys } from './keys.ts'
import { Postgrest, findPostgrest, type PostgrestOptions } from './postgrest.ts'
import { SecurityHeaders } from './security-headers.ts'
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
  server: Server
  close(): Promise<void>
}

const HEADERS_TOO_LARGE_BODY = JSON.stringify({
  code: 'PGRST100',
  details: 'The request line and headers are larger than 64 KB',
  hint: null,
  message: 'Request Header Fields Too Large',
})
const HEADERS_TOO_LARGE = `HTTP/1.1 431 Request Header Fields Too Large\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(HEADERS_TOO_LARGE_BODY)}\r\nConnection: close\r\n\r\n${HEADERS_TOO_LARGE_BODY}`

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
  server.on(
    'request',
    createRequestHandler({ auth, rest, storage, keys, site: options.site, publicUrl, securityHeaders, maxBodyBytes: options.maxBodyBytes }),
  )
  return {
    url,
    publicUrl,
    db,
    keys,
    rest,
    storage,
    fresh,
    securityHeaders,
    server,
    async close() {
      // Stop accepting, let requests in flight finish (briefly), then cut what is left and close the database.
      const closed = new Promise<void>((resolve) => server.close(() => resolve()))
      server.closeIdleConnections()
      await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 2000).unref())])
      server.closeAllConnections()
      await closed
      await auth.close()
      await rest.stop()
      await db.close()
    },
  }
}
