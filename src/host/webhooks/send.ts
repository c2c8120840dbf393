// One attempt of one delivery: a POST that never follows a redirect (a 3xx is a failure, logged with where it
// pointed), reads at most the first KB of the answer and then drops the connection (a 50 MB answer costs one
// chunk), and gives up after `timeoutMs` whatever the endpoint does (slow headers, a body that trickles).
// Node's http client is used as it is: fetch follows redirects unless told, and reads through a stream that
// would need the same care.
import { request as httpRequest, type IncomingMessage } from 'node:http'
import { request as httpsRequest } from 'node:https'
import { isIP } from 'node:net'
import { guardedLookup, isAllowedAddress, REFUSALS, RefusedAddress } from './addresses.ts'

/** What the delivery log keeps of an answer's body. */
export const KEPT_BODY_BYTES = 1024

export interface AttemptResult {
  /** The HTTP status, or null when there was no answer (refused, timed out, connection failed). */
  status: number | null
  durationMs: number
  /** Why it failed (Spanish, shown in the log), or null for a 2xx answer. */
  error: string | null
  /** The answer's first KB, as text. */
  body: string | null
}

export interface SendOptions {
  timeoutMs: number
  allowLoopback: boolean
  /** Aborts the attempt (the server is stopping); it is then not recorded, and is retried after its lease. */
  signal?: AbortSignal
}

export function send(url: string, body: string, headers: Record<string, string>, options: SendOptions): Promise<AttemptResult> {
  const started = performance.now()
  const result = (status: number | null, error: string | null, text: string | null = null): AttemptResult => ({
    status,
    durationMs: Math.round(performance.now() - started),
    error,
    body: text,
  })
  const target = new URL(url)
  const host = target.hostname.replace(/^\[|\]$/g, '')
  // Node skips `lookup` for an address written in the URL: check it here.
  if (isIP(host) && !isAllowedAddress(host, options.allowLoopback)) return Promise.resolve(result(null, REFUSALS.private))

  return new Promise((resolve) => {
    let settled = false
    const finish = (outcome: AttemptResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(outcome)
    }
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        lookup: guardedLookup(options.allowLoopback),
        signal: options.signal,
      },
      (response) => void readBounded(response).then((text) => finish(judge(response, text, result))),
    )
    const timer = setTimeout(() => {
      finish(result(null, `Sin respuesta en ${options.timeoutMs / 1000} s`))
      request.destroy()
    }, options.timeoutMs)
    request.on('error', (error) => {
      const reason = error instanceof RefusedAddress ? error.reason : `No se pudo conectar: ${error.message}`
      finish(result(null, reason))
    })
    request.end(body)
  })
}

function judge(response: IncomingMessage, text: string, result: (s: number | null, e: string | null, t: string | null) => AttemptResult) {
  const status = response.statusCode ?? 0
  if (status >= 200 && status < 300) return result(status, null, text)
  if (status >= 300 && status < 400) {
    const location = response.headers.location ? ` a ${response.headers.location.slice(0, 300)}` : ''
    return result(status, `Redirección${location} no seguida: la dirección del destino debe ser la definitiva`, text)
  }
  return result(status, `Respuesta HTTP ${status}`, text)
}

/** The first KEPT_BODY_BYTES of the answer as text; the rest is never read (the socket is dropped). */
function readBounded(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const done = () => {
      // Postgres text holds no NUL character; a cut multi-byte character becomes U+FFFD.
      resolve(Buffer.concat(chunks).subarray(0, KEPT_BODY_BYTES).toString('utf8').replaceAll('\0', ''))
    }
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk)
      size += chunk.length
      if (size >= KEPT_BODY_BYTES) {
        response.destroy()
        done()
      }
    })
    response.on('end', done)
    response.on('error', done)
    response.on('close', done)
  })
}
