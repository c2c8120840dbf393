// What the server prints about a failure it did not expect. Database errors carry the statement's bound
// parameters (e-mails, password hashes, refresh tokens in the auth queries) and details that quote values,
// and a request's query string can carry the API key: none of that is printed, only where it happened, the
// error's name, code and message, and the top of its stack.
import type { IncomingMessage } from 'node:http'

export function logUnexpectedError(req: IncomingMessage, error: unknown): void {
  const path = (req.url ?? '/').split('?', 1)[0]
  console.error(`[backend] unexpected error on ${req.method} ${path}: ${summary(error)}`)
}

function summary(error: unknown): string {
  if (!(error instanceof Error)) return `a thrown ${typeof error}`
  const code = 'code' in error && typeof error.code === 'string' ? ` (${error.code})` : ''
  const frames = (error.stack ?? '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '))
    .slice(0, 8)
  return [`${error.name}${code}: ${error.message}`, ...frames].join('\n')
}

/**
 * A line a child service (PostgREST) printed, under its name. Its request lines carry paths and query
 * strings, where an API key or token can sit (`?apikey=…`): query strings and anything shaped like a JWT are
 * cut before printing.
 */
export function logService(service: string, line: string): void {
  const clean = line
    .replace(/\?[^\s"]*/g, '?…')
    .replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[token]')
    .trimEnd()
  console.error(`[${service}] ${clean}`)
}
