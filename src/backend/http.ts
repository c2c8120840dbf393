// The Node request handler of the embedded backend: what Supabase's API gateway (Kong) does in front of
// GoTrue and PostgREST (API-key check, CORS, routing of /auth/v1 and /rest/v1), plus /backend.json and the
// static site for every other path. /rest/v1 is proxied to PostgREST (postgrest.ts) once the edge's limits
// hold: URL length, body size, JSON nesting depth — checked here, before anything reaches Postgres, because
// the WebAssembly Postgres crashes on deeply nested input instead of answering an error (docs/backend.md,
// "Limits"). Bad input is answered with a 4xx in the shape of the service it was sent to; nothing a client
// sends can crash the process.
import type { ClientAddress } from './clientAddress.ts'
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http'
import { AuthError, authErrorReply, type AuthService } from './auth/index.ts'
import { API_ROLES, type ApiRole } from './db.ts'
import type { Keys } from './keys.ts'
import { logRequest, logUnexpectedError } from './log.ts'
import type { Postgrest } from './postgrest.ts'
import type { SecurityHeaders } from './securityHeaders.ts'
import type { StorageService } from './storage/service.ts'
import { bearerToken, header, json, type ApiRequest, type Reply } from './reply.ts'

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024
/** Longest request line (path and query) the API takes; an admin's longest filter is a few hundred bytes. */
export const MAX_URL_BYTES = 8 * 1024
/** Deepest nesting of JSON arrays/objects in a body, or of brackets and parentheses in a query value. */
export const MAX_NESTING_DEPTH = 64

export interface HandlerOptions {
  auth: AuthService
  rest: Postgrest
  /** /storage/v1 (storage/service.ts): gets the request unread, so uploads stream. */
  storage: StorageService
  keys: Keys
  /** Serves everything that is not the API (the prerendered site); without it such paths get a JSON 404. */
  site?: (req: IncomingMessage, res: ServerResponse) => void
  /** The URL clients should use (SITE_URL, or where the server listens): never the request's Host header. */
  publicUrl: string
  /** Sets the security headers of every answer, pages and API alike (securityHeaders.ts). */
  securityHeaders: SecurityHeaders
  /** The client's address through the trusted proxies (clientAddress.ts): what the auth rate limits count. */
  clientAddress: ClientAddress
  maxBodyBytes?: number
}

type Service = 'auth' | 'rest' | 'storage' | 'functions'
const PREFIXES: Record<Service, string> = { auth: '/auth/v1', rest: '/rest/v1', storage: '/storage/v1', functions: '/functions/v1' }

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Range, Content-Location, Location, X-Supabase-Api-Version',
}

export function createRequestHandler(options: HandlerOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  return (req: IncomingMessage, res: ServerResponse): void => {
    // The proxy walk (X-Forwarded-For against TRUST_PROXY) once per request: the log line and the API's rate
    // limits read the same address. Read now: by the time the response closes, the socket may be gone.
    const ip = options.clientAddress(req)
    logRequest(req, res, ip)
    handle(req, res, ip).catch((error: unknown) => {
      logUnexpectedError(req, error)
      send(res, json(500, { code: 'internal_error', message: 'Internal server error' }, CORS_HEADERS))
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse, ip: string): Promise<void> {
    const rawUrl = req.url ?? '/'
    const queryAt = rawUrl.indexOf('?')
    const pathname = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt)
    const service = (Object.keys(PREFIXES) as Service[]).find((name) => pathname.startsWith(`${PREFIXES[name]}/`)) ?? null

    // One hook for everything served: set on `res` before any handler, so its own writeHead merges them.
    options.securityHeaders.apply(req, res, service || pathname === '/backend.json' ? 'api' : 'site')
    if (pathname === '/backend.json') return send(res, backendInfo())
    if (!service) {
      if (options.site) return options.site(req, res)
      return send(res, json(404, { message: 'Not found' }))
    }
    // Browsers send the apikey and Authorization headers, so every cross-origin call starts with a preflight;
    // the gateway answers it without checking keys (Kong cors plugin).
    if (req.method === 'OPTIONS') return send(res, preflight(req))

    const query = new URLSearchParams(queryAt < 0 ? '' : rawUrl.slice(queryAt + 1))
    const apiReq: ApiRequest = {
      method: req.method ?? 'GET',
      path: pathname.slice(PREFIXES[service].length),
      query,
      headers: req.headers,
      body: '',
      ip,
    }
    const urlProblem =
      Buffer.byteLength(rawUrl) > MAX_URL_BYTES ? 'long' : nestingDepth([...query.values()].join(' ')) > MAX_NESTING_DEPTH ? 'deep' : null
    if (urlProblem) {
      // Drain what the client sends, so the answer is read rather than reset.
      req.resume()
      return send(res, withCors(urlReply(service, apiReq, urlProblem)))
    }
    // Supabase's gateway asks no API key of /storage/v1 (public and signed URLs are opened by browsers
    // with none): the storage service verifies the caller's token itself.
    if (service === 'storage') return options.storage.handle(req, res, apiReq)
    const body = await readBody(req, maxBodyBytes).catch(() => null)
    if (!body) return send(res, withCors(tooLargeReply(service, apiReq, maxBodyBytes)))
    apiReq.body = body.toString('utf8')
    if (nestingDepth(apiReq.body, true) > MAX_NESTING_DEPTH) return send(res, withCors(tooDeepReply(service, apiReq)))

    const keyProblem = apiKeyProblem(apiReq)
    if (keyProblem && !(service === 'auth' && keylessAuthPath(apiReq))) {
      return send(res, withCors(json(401, keyProblem)))
    }
    if (service === 'auth') return send(res, withCors(await options.auth.handle(apiReq)))
    // The team's server functions (src/backend/auth/teamInvite.ts) check the caller's token themselves.
    if (service === 'functions') return send(res, withCors(await options.auth.handleFunction(apiReq)))

    const roleProblem = await nonApiRole(apiReq)
    if (roleProblem) {
      return send(
        res,
        withCors(restError(401, 'PGRST301', 'JWT cryptographic operation failed', roleProblem), {
          'WWW-Authenticate': 'Bearer error="invalid_token"',
        }),
      )
    }
    const profile = header(apiReq, 'accept-profile') ?? header(apiReq, 'content-profile')
    if (profile !== undefined && !options.rest.schemas.includes(profile)) {
      // PostgREST's own answer for a schema it does not expose, given here: it fails with a 500 on header
      // values that are not UTF-8. The API serves `public` only, as hosted projects do by default.
      const message = `The schema must be one of the following: ${options.rest.schemas.join(', ')}`
      return send(res, withCors(restError(406, 'PGRST106', message, null)))
    }
    const noWhere = missingWhereClause(apiReq, options.rest.relations)
    if (noWhere) return send(res, withCors(restError(400, '21000', noWhere)))
    await options.rest.forward(req, res, upstreamPath(rawUrl), upstreamHeaders(req.headers, apiReq), body, CORS_HEADERS)
  }

  /** Kong's key-auth: the apikey header (or query parameter) must be one of the project's keys. */
  function apiKeyProblem(req: ApiRequest): { message: string; hint: string } | null {
    const key = header(req, 'apikey') ?? req.query.get('apikey')
    if (!key) return { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }
    if (key !== options.keys.anonKey && key !== options.keys.serviceRoleKey) {
      return { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' }
    }
    return null
  }

  /**
   * The gateway's one look at the token: PostgREST switches to whatever role a validly signed token names,
   * and here it connects as the database owner (PGlite has no other login), so a token signed by this
   * server's key that names another role (postgres, say) is refused before it reaches PostgREST. Tokens that
   * do not verify are passed on: PostgREST answers them with its own codes.
   */
  async function nonApiRole(req: ApiRequest): Promise<string | null> {
    const token = header(req, 'authorization') === undefined ? (header(req, 'apikey') ?? req.query.get('apikey') ?? '') : (bearerToken(req) ?? '')
    const payload = await options.keys.verify(token).catch(() => null)
    if (!payload || API_ROLES.includes(payload.role as ApiRole)) return null
    return `The role claim "${String(payload.role)}" is not an API role`
  }

  function backendInfo(): Reply {
    return json(200, { url: options.publicUrl, anonKey: options.keys.anonKey }, { ...CORS_HEADERS, 'Cache-Control': 'no-cache' })
  }
}

function preflight(req: IncomingMessage): Reply {
  return {
    status: 200,
    headers: {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET,HEAD,PUT,PATCH,POST,DELETE,OPTIONS',
      'Access-Control-Allow-Headers':
        req.headers['access-control-request-headers'] ??
        'authorization, apikey, content-type, prefer, range, accept-profile, content-profile, x-client-info, x-supabase-api-version',
      'Access-Control-Max-Age': '3600',
      'Content-Length': '0',
    },
  }
}

/** PostgREST's error body: {code, details, hint, message}. */
function restError(status: number, code: string, message: string, details: string | null = null, hint: string | null = null): Reply {
  return json(status, { code, details, hint, message })
}

/** Supabase Storage's error body (storage/errors.ts): HTTP 400 for client errors, the real status in the body. */
function storageErrorReply(status: number, code: string, message: string): Reply {
  return json(400, { statusCode: String(status), error: code, message, code })
}

function tooLargeReply(service: Service, req: ApiRequest, maxBodyBytes: number): Reply {
  const message = `The request body is larger than ${maxBodyBytes} bytes`
  if (service === 'auth') return authErrorReply(req, new AuthError(413, 'request_too_large', message))
  return restError(413, 'PGRST413', 'Payload Too Large', message)
}

function urlReply(service: Service, req: ApiRequest, problem: 'long' | 'deep'): Reply {
  const message =
    problem === 'long'
      ? `The request URL is longer than ${MAX_URL_BYTES} bytes`
      : `A query parameter nests brackets or parentheses deeper than ${MAX_NESTING_DEPTH} levels`
  if (service === 'storage') return storageErrorReply(problem === 'long' ? 414 : 400, 'InvalidRequest', message)
  if (service === 'auth') return authErrorReply(req, new AuthError(problem === 'long' ? 414 : 400, 'validation_failed', message))
  return problem === 'long'
    ? restError(414, 'PGRST100', 'URI Too Long', message)
    : restError(400, 'PGRST100', `"failed to parse filter": ${message}`, message)
}

function tooDeepReply(service: Service, req: ApiRequest): Reply {
  const message = `JSON nested deeper than ${MAX_NESTING_DEPTH} levels`
  if (service === 'auth') return authErrorReply(req, new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${message}`))
  return restError(400, 'PGRST102', 'Invalid body', message)
}

/**
 * How deep arrays/objects (and, in query values, parentheses: `or=(…)` trees) nest in `text`. In JSON mode,
 * brackets inside strings do not count. One pass, no parsing: it runs before JSON.parse or Postgres see it.
 */
export function nestingDepth(text: string, jsonMode = false): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
      continue
    }
    if (jsonMode && c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b || (!jsonMode && c === 0x28)) deepest = Math.max(deepest, ++depth)
    else if (c === 0x5d || c === 0x7d || (!jsonMode && c === 0x29)) depth = Math.max(0, depth - 1)
  }
  return deepest
}

// Query parameters of PostgREST that are not filters: an update or delete with only these has no WHERE.
const NOT_FILTERS = new Set(['select', 'columns', 'on_conflict', 'order', 'limit', 'offset', 'apikey'])

/**
 * Hosted Supabase loads pg-safeupdate for API requests: an UPDATE or DELETE without a WHERE clause fails
 * with 400 {code: 21000}. PGlite cannot load that extension, so the gateway refuses the same requests: a
 * PATCH or DELETE on an existing table or view with no filter at all (docs/backend.md, "What differs from hosted").
 */
function missingWhereClause(req: ApiRequest, relations: Set<string>): string | null {
  if (req.method !== 'PATCH' && req.method !== 'DELETE') return null
  // Only for a table that exists: PostgREST answers an unknown one (404) before any SQL runs.
  let name: string
  try {
    name = decodeURIComponent(req.path.slice(1))
  } catch {
    return null // not a name PostgREST can resolve either: its 404 follows
  }
  if (!relations.has(name)) return null
  for (const key of req.query.keys()) if (!NOT_FILTERS.has(key)) return null
  return `${req.method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`
}

/** The path PostgREST serves at its root; an `apikey` query parameter is the gateway's, not a filter. */
function upstreamPath(rawUrl: string): string {
  const path = rawUrl.slice('/rest/v1'.length) || '/'
  if (!/[?&]apikey=/.test(path)) return path
  const [pathname = '/', search = ''] = path.split('?', 2)
  const kept = search.split('&').filter((pair) => !pair.startsWith('apikey='))
  return kept.length ? `${pathname}?${kept.join('&')}` : pathname
}

/**
 * The request's headers as PostgREST gets them: hop-by-hop and host dropped, and, as Supabase's gateway
 * does, the API key as the bearer token when the client sent no Authorization header.
 */
function upstreamHeaders(headers: IncomingHttpHeaders, req: ApiRequest): IncomingHttpHeaders {
  const out: IncomingHttpHeaders = {}
  for (const [name, value] of Object.entries(headers)) {
    if (!['host', 'connection', 'keep-alive', 'transfer-encoding', 'content-length', 'upgrade', 'expect'].includes(name)) out[name] = value
  }
  const apikey = header(req, 'apikey') ?? req.query.get('apikey')
  if (out.authorization === undefined && apikey) out.authorization = `Bearer ${apikey}`
  return out
}

function withCors(reply: Reply, extra: Record<string, string> = {}): Reply {
  return { ...reply, headers: { ...CORS_HEADERS, ...reply.headers, ...extra } }
}

/** Reads the body; rejects as soon as it passes `limit` bytes (declared or actually sent). */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (Number(req.headers['content-length'] ?? 0) > limit) {
      req.resume()
      return reject(new Error('too large'))
    }
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > limit) {
        req.removeAllListeners('data')
        req.resume()
        reject(new Error('too large'))
      } else chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks)))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return void res.end()
  const length = reply.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(reply.body)) }
  res.writeHead(reply.status, { ...reply.headers, ...length })
  res.end(reply.body)
}

/**
 * What Supabase's gateway serves without an API key: the signing keys, and the e-mailed links a browser
 * opens (GET /verify), which cannot carry one.
 */
function keylessAuthPath(req: ApiRequest): boolean {
  return req.path === '/.well-known/jwks.json' || (req.method === 'GET' && req.path.replace(/\/+$/, '') === '/verify')
}
