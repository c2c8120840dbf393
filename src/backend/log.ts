// The server's one logger (pino): a line per request and per background job, each with an id, as text for a
// terminal or, with LOG_FORMAT=json, as JSON lines for a log collector (decision 0098). Nothing personal or
// secret is written: no request body (lead fields, passwords), no header (cookies, Authorization, apikey),
// no query string (`?apikey=`, recovery tokens), and a client's address cut to its network (/24, /48).
// Database errors carry the statement's bound parameters (e-mails, password hashes, refresh tokens) and
// details that quote values: an unexpected error is logged by its name, code, message and stack top only.
import { AsyncLocalStorage } from 'node:async_hooks'
import { randomUUID } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { isIPv4, isIPv6 } from 'node:net'
import { format } from 'node:util'
import { pino, type Logger } from 'pino'
import { PinoPretty } from 'pino-pretty'
import { config } from '../config.server.ts'

export type { Logger }

export const log: Logger = createLogger()

function createLogger(): Logger {
  const { LOG_FORMAT, LOG_LEVEL } = config()
  // Written synchronously: a line logged just before the process exits (a failed start, a stop) is not lost.
  if (LOG_FORMAT === 'json')
    return pino({ level: LOG_LEVEL, base: undefined, timestamp: pino.stdTimeFunctions.isoTime }, pino.destination({ fd: 1, sync: true }))
  return pino(
    { level: LOG_LEVEL, base: undefined },
    PinoPretty({
      sync: true,
      destination: 1,
      colorize: false,
      singleLine: true,
      translateTime: 'SYS:HH:MM:ss',
      ignore: 'module',
      messageFormat: (record, key) => (typeof record.module === 'string' ? `[${record.module}] ${String(record[key])}` : String(record[key])),
    }),
  )
}

/**
 * With LOG_FORMAT=json, what the server still prints with console.* (the welcome, a service's notice) becomes
 * a log line too, so that every line on stdout is JSON. In text mode the terminal keeps them as they are.
 */
export function routeConsoleToLog(): void {
  if (config().LOG_FORMAT !== 'json') return
  const printed = logger('console')
  const to =
    (level: 'info' | 'warn' | 'error') =>
    (...args: unknown[]) =>
      printed[level](format(...args).trim())
  Object.assign(console, { log: to('info'), info: to('info'), warn: to('warn'), error: to('error') })
}

/** A part of the server's logger: its lines carry `module` (shown as `[module]` in text). */
export function logger(module: string): Logger {
  return log.child({ module })
}

const requestLog = logger('http')
/** An id a proxy in front gave (Caddy, nginx `$request_id`) is kept when it looks like one; otherwise a new one. */
const GIVEN_ID = /^[\w.:-]{1,64}$/

/**
 * Gives the request its id (the `x-request-id` response header, and `reqId` in the log) and writes its one
 * line when the response ends or the connection closes first (`aborted`). `clientAddress` is the caller's,
 * worked out once per request (src/backend/clientAddress.ts) and read here before the socket can go away.
 */
export function logRequest(req: IncomingMessage, res: ServerResponse, clientAddress: string): string {
  const given = req.headers['x-request-id']
  const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : randomUUID()
  res.setHeader('x-request-id', id)
  const started = performance.now()
  const ip = truncatedAddress(clientAddress)
  res.once('close', () => {
    // A request of one of the server's own jobs (its id is the run's): the job's line says what it did.
    requestLog[runningJobs.has(id) ? 'debug' : 'info'](
      {
        reqId: id,
        method: req.method,
        path: pathOf(req),
        status: res.statusCode,
        ms: Math.round(performance.now() - started),
        ip,
        ...(res.writableFinished ? {} : { aborted: true }),
      },
      `${req.method} ${pathOf(req)} ${res.statusCode}`,
    )
  })
  return id
}

/** What a run of a job did, as counts (`{ sent: 2, failed: 0 }`): numbers only, never a name or an address. */
export type JobCounts = Record<string, number>

/** The job whose work is running in this async context: the service client sends its id as x-request-id. */
const jobContext = new AsyncLocalStorage<string>()
/** The ids of the runs not yet ended: a request carrying one was made by the server's own job. */
const runningJobs = new Set<string>()

/** The id of the job run this code is part of, if any (src/host/serviceClient.server.ts sends it along). */
export function currentJobId(): string | undefined {
  return jobContext.getStore()
}

/**
 * Runs one background job (a delivery round, a retention pass, a backup) and writes its one line: its name, an
 * id, how long it took, and what it did as `counts(result)`. A run whose counts are all 0 found nothing to do
 * (a poll of an empty queue): its line is debug, as are the requests it made to this server's own API, which
 * carry its id; any other run is info. A failed run is a warning with the error's summary, and its error is
 * passed on. Without `counts`, every run counts as having done something.
 */
export async function runJob<T>(job: string, work: () => Promise<T>, counts?: (result: T) => JobCounts): Promise<T> {
  const jobId = randomUUID()
  const started = performance.now()
  runningJobs.add(jobId)
  try {
    const result = await jobContext.run(jobId, work)
    const did = counts?.(result) ?? {}
    const idle = counts !== undefined && Object.values(did).every((n) => n === 0)
    log[idle ? 'debug' : 'info'](
      { module: 'job', job, jobId, ms: Math.round(performance.now() - started), ...did },
      `${job} ${idle ? 'idle' : 'done'}`,
    )
    return result
  } catch (error) {
    log.warn({ module: 'job', job, jobId, ms: Math.round(performance.now() - started), error: summary(error) }, `${job} failed`)
    throw error
  } finally {
    runningJobs.delete(jobId)
  }
}

/** A client's network, not the client: IPv4 to its /24 (`203.0.113.0`), IPv6 to its /48 (`2001:db8:1::`). */
export function truncatedAddress(address: string): string {
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  if (isIPv4(v4)) return v4.replace(/\.\d+$/, '.0')
  if (!isIPv6(address)) return 'unknown'
  const [head = '', tail] = address.split('%', 1)[0]!.split('::')
  const start = head ? head.split(':') : []
  const end = tail ? tail.split(':') : []
  const groups = tail === undefined ? start : [...start, ...Array<string>(8 - start.length - end.length).fill('0'), ...end]
  return `${groups.slice(0, 3).join(':')}::`
}

function pathOf(req: IncomingMessage): string {
  return (req.url ?? '/').split('?', 1)[0]!
}

export function logUnexpectedError(req: IncomingMessage, error: unknown): void {
  logger('backend').error({ reqId: req.headers['x-request-id'] ?? undefined }, `unexpected error on ${req.method} ${pathOf(req)}: ${summary(error)}`)
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
 * cut. Its access lines repeat what the request's own line says, so they are debug; the rest is info.
 */
export function logService(service: string, line: string): void {
  const clean = line
    .replace(/\?[^\s"]*/g, '?…')
    .replace(/eyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[token]')
    .trimEnd()
  const access = /" \d{3} /.test(clean)
  logger(service)[access ? 'debug' : 'info'](clean)
}
