// The Node request handler of the embedded backend: what Supabase's API gateway (Kong) does in front of
// GoTrue and PostgREST (API-key check, CORS, routing of /auth/v1 and /rest/v1), plus /backend.json and the
// static site for every other path. Bad input is answered with a 4xx in the shape of the service it was
// sent to; nothing a client sends can crash the process.
import type { IncomingMessage, ServerResponse } from 'node:http'
import { errors as joseErrors } from 'jose'
import { AuthError, authErrorReply, type AuthService } from './auth.ts'
import { API_ROLES, type ApiRole, type Claims } from './db.ts'
import type { Keys } from './keys.ts'
import { logUnexpectedError } from './log.ts'
import type { SecurityHeaders } from './security-headers.ts'
import { bearerToken, header, json, type ApiRequest, type Reply } from './reply.ts'
import { RestError, errorReply as restErrorReply, type RestService } from './rest.ts'

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024

export interface HandlerOptions {
  auth: AuthService
  rest: RestService
  keys: Keys
  /** Serves everything that is not the API (the prerendered site); without it such paths get a JSON 404. */
  site?: (req: IncomingMessage, res: ServerResponse) => void
  /** The URL clients should use (SITE_URL, or where the server listens): never the request's Host header. */
  publicUrl: string
  /** Sets the security headers of every answer, pages and API alike (security-headers.ts). */
  securityHeaders: SecurityHeaders
  maxBodyBytes?: number
}

type Service = 'auth' | 'rest'

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'Content-Range, Range, Content-Location, Location, X-Supabase-Api-Version',
}

export function createRequestHandler(options: HandlerOptions) {
  const maxBodyBytes = options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES
  return (req: IncomingMessage, res: ServerResponse): void => {
    handle(req, res).catch((error: unknown) => {
      logUnexpectedError(req, error)
      send(res, json(500, { code: 'internal_error', message: 'Internal server error' }, CORS_HEADERS))
    })
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const rawUrl = req.url ?? '/'
    const queryAt = rawUrl.indexOf('?')
    const pathname = queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt)
    const service: Service | null = pathname.startsWith('/auth/v1/') ? 'auth' : pathname.startsWith('/rest/v1/') ? 'rest' : null

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

    const apiReq: ApiRequest = {
      method: req.method ?? 'GET',
      path: pathname.slice(service === 'auth' ? '/auth/v1'.length : '/rest/v1'.length),
      query: new URLSearchParams(queryAt < 0 ? '' : rawUrl.slice(queryAt + 1)),
      headers: req.headers,
      body: '',
      ip: req.socket.remoteAddress ?? 'unknown',
    }
    const tooLarge = await readBody(req, maxBodyBytes).then(
      (body) => {
        apiReq.body = body
        return false
      },
      () => true,
    )
    if (tooLarge) return send(res, withCors(tooLargeReply(service, apiReq, maxBodyBytes)))

    const keyProblem = apiKeyProblem(apiReq)
    if (keyProblem && !(service === 'auth' && apiReq.path === '/.well-known/jwks.json')) {
      return send(res, withCors(json(401, keyProblem)))
    }
    if (service === 'auth') return send(res, withCors(await options.auth.handle(apiReq)))
    const claims = await requestClaims(apiReq)
    if (claims instanceof RestError) {
      return send(res, withCors(restErrorReply(claims), { 'WWW-Authenticate': `Bearer error="invalid_token", error_description="${claims.message}"` }))
    }
    send(res, withCors(await options.rest.handle(apiReq, claims)))
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
   * The claims PostgREST runs the request with: from the verified Bearer token, or from the API key when
   * there is none (references/auth.html). Errors are PostgREST's PGRST301 / PGRST303 with status 401.
   */
  async function requestClaims(req: ApiRequest): Promise<Claims | RestError> {
    // A malformed Authorization header is an error, not a silent fall-back to the anonymous key.
    const authorization = header(req, 'authorization')
    const token = authorization === undefined ? (header(req, 'apikey') ?? req.query.get('apikey') ?? '') : (bearerToken(req) ?? '')
    try {
      const payload = await options.keys.verify(token)
      if (!API_ROLES.includes(payload.role as ApiRole)) {
        return new RestError(401, 'PGRST301', 'JWT cryptographic operation failed', `The role claim "${String(payload.role)}" is not an API role`)
      }
      return payload as Claims
    } catch (error) {
      if (error instanceof joseErrors.JWTExpired) return new RestError(401, 'PGRST303', 'JWT expired')
      return new RestError(401, 'PGRST301', 'JWT cryptographic operation failed', (error as Error).message)
    }
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

function tooLargeReply(service: Service, req: ApiRequest, maxBodyBytes: number): Reply {
  const message = `The request body is larger than ${maxBodyBytes} bytes`
  if (service === 'auth') return authErrorReply(req, new AuthError(413, 'request_too_large', message))
  return restErrorReply(new RestError(413, 'PGRST413', 'Payload Too Large', message))
}

function withCors(reply: Reply, extra: Record<string, string> = {}): Reply {
  return { ...reply, headers: { ...CORS_HEADERS, ...reply.headers, ...extra } }
}

/** Reads the body as UTF-8; rejects as soon as it passes `limit` bytes (declared or actually sent). */
function readBody(req: IncomingMessage, limit: number): Promise<string> {
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
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function send(res: ServerResponse, reply: Reply): void {
  if (res.headersSent) return void res.end()
  const length = reply.body === undefined ? {} : { 'Content-Length': String(Buffer.byteLength(reply.body)) }
  res.writeHead(reply.status, { ...reply.headers, ...length })
  res.end(reply.body)
}
