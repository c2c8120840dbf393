// The request and answer shapes the auth and REST handlers work with. http.ts turns Node's request into an
// ApiRequest (body already read, size-checked) and writes the Reply back, so the handlers stay plain
// functions from data to data.
import type { IncomingHttpHeaders } from 'node:http'

export interface ApiRequest {
  method: string
  /** Path below the service prefix, e.g. "/token" for /auth/v1/token or "/blog_posts" for /rest/v1/blog_posts. */
  path: string
  query: URLSearchParams
  headers: IncomingHttpHeaders
  body: string
  ip: string
}

export interface Reply {
  status: number
  headers?: Record<string, string>
  body?: string
}

export function json(status: number, value: unknown, headers: Record<string, string> = {}): Reply {
  return { status, headers: { 'Content-Type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(value) }
}

export function header(req: ApiRequest, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()]
  return Array.isArray(value) ? value[0] : value
}

export function bearerToken(req: ApiRequest): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header(req, 'authorization') ?? '')
  return match?.[1]
}
