// Health checks for a load balancer, a process manager or an uptime monitor (docs/operations.md):
//
// - `GET /healthz`, liveness: the process answers. Touches nothing, so it stays cheap whatever the load.
// - `GET /readyz`, readiness: the database answers a query and PostgREST a request (the backend's `ping`),
//   the mail queue is not stuck (no message due for longer than HEALTH_MAIL_STUCK_MS and still unsent), and
//   the file system of DATA_DIR has more free space than HEALTH_MIN_FREE_DISK_BYTES.
//
// Both answer JSON with each check's name, whether it holds and a short detail (never a key, an address or
// a message's content), `Cache-Control: no-store`, 200 or 503. Readiness is computed at most once a second,
// however many probes ask: a flood of probes costs the database three light queries a second. The paths are
// answered before the site sees them (`healthFront`), so they are never counted as page views or 404s.
import { statfs } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { SupabaseClient } from '@supabase/supabase-js'
import type { HealthCheck } from '../backend/app.ts'
import type { Database } from '../lib/database.types.ts'

export const LIVENESS_PATH = '/healthz'
export const READINESS_PATH = '/readyz'
/** How long one readiness answer is reused. */
export const READINESS_CACHE_MS = 1000
/** How long a check may take before it counts as failed (a database that does not answer is not ready). */
const CHECK_TIMEOUT_MS = 2000

export interface Readiness {
  status: 'ready' | 'unavailable'
  checks: ({ name: string } & HealthCheck)[]
}

export interface HealthDeps {
  /** The backend's own checks: the database and PostgREST (src/backend/app.ts, `ping`). */
  ping: () => Promise<Record<string, HealthCheck>>
  /** The service-role client: the mail queue is read through it (the embedded backend's or a hosted project's). */
  service: SupabaseClient<Database>
  dataDir: string
  minFreeDiskBytes: number
  mailStuckMs: number
}

type Handler = (req: IncomingMessage, res: ServerResponse) => void

/**
 * What the backend hands every path that is not its API: the health paths answered here, everything else
 * passed to the site (or, without a build, the backend's JSON 404). Made before the server listens;
 * readiness is `starting` until the health service is started and handed over with `use`.
 */
export function healthFront(site: Handler | undefined) {
  let readiness: (() => Promise<Readiness>) | undefined
  return {
    handle: (req: IncomingMessage, res: ServerResponse): void => {
      const pathname = (req.url ?? '/').split('?', 1)[0]
      if (pathname === LIVENESS_PATH) return answer(req, res, 200, { status: 'alive' })
      if (pathname === READINESS_PATH) {
        if (!readiness) return answer(req, res, 503, { status: 'starting', checks: [] })
        return void readiness().then(
          (ready) => answer(req, res, ready.status === 'ready' ? 200 : 503, ready),
          () => answer(req, res, 503, { status: 'unavailable', checks: [] }),
        )
      }
      if (site) return site(req, res)
      res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify({ message: 'Not found' }))
    },
    use(started: { readiness: () => Promise<Readiness> }): void {
      readiness = started.readiness
    },
  }
}

export function startHealth(deps: HealthDeps) {
  let cached: { at: number; answer: Promise<Readiness> } | undefined
  let stopping = false

  async function compute(): Promise<Readiness> {
    const [backend, mail, disk] = await Promise.all([
      withTimeout(deps.ping(), { database: failed('no answer'), postgrest: failed('no answer') }),
      withTimeout(mailQueue(deps.service, deps.mailStuckMs), failed('no answer')),
      diskSpace(deps.dataDir, deps.minFreeDiskBytes),
    ])
    const checks = [
      { name: 'database', ...(backend.database ?? failed('not checked')) },
      { name: 'postgrest', ...(backend.postgrest ?? failed('not checked')) },
      { name: 'mail_queue', ...mail },
      { name: 'disk', ...disk },
    ]
    if (stopping) checks.push({ name: 'server', ok: false, detail: 'stopping' })
    return { status: checks.every((check) => check.ok) ? 'ready' : 'unavailable', checks }
  }

  return {
    /** This second's readiness: computed by the first probe, shared by the others. */
    readiness(): Promise<Readiness> {
      const now = Date.now()
      if (!cached || now - cached.at >= READINESS_CACHE_MS) cached = { at: now, answer: compute() }
      return cached.answer
    },
    close(): void {
      // A stop answers 503 from here on (to a probe on a connection still open), computed afresh.
      stopping = true
      cached = undefined
    },
  }
}

/** The oldest message that has been due for longer than `stuckMs` and is not sent (given-up ones are due at infinity). */
async function mailQueue(service: SupabaseClient<Database>, stuckMs: number): Promise<HealthCheck> {
  const cutoff = new Date(Date.now() - stuckMs).toISOString()
  const { data, error } = await service
    .from('mail_queue')
    .select('next_attempt_at')
    .is('sent_at', null)
    .lte('next_attempt_at', cutoff)
    .order('next_attempt_at')
    .limit(1)
  if (error) return failed(`not read (${error.code || 'error'})`)
  const oldest = data[0]
  if (!oldest) return { ok: true, detail: `nothing due for more than ${minutes(stuckMs)}` }
  return { ok: false, detail: `a message due for ${minutes(Date.now() - Date.parse(oldest.next_attempt_at))} is unsent` }
}

async function diskSpace(dataDir: string, minFree: number): Promise<HealthCheck> {
  try {
    const fs = await statfs(dataDir)
    const free = fs.bavail * fs.bsize
    return { ok: free >= minFree, detail: `${mebibytes(free)} free (at least ${mebibytes(minFree)} wanted)` }
  } catch (error) {
    return failed(`not read (${(error as NodeJS.ErrnoException).code ?? 'error'})`)
  }
}

function answer(req: IncomingMessage, res: ServerResponse, status: number, body: object): void {
  const json = JSON.stringify(body)
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(json),
    'Cache-Control': 'no-store',
  })
  res.end(req.method === 'HEAD' ? undefined : json)
}

function withTimeout<T>(work: Promise<T>, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), CHECK_TIMEOUT_MS)))
  return Promise.race([work.catch(() => fallback), late]).finally(() => clearTimeout(timer))
}

const failed = (detail: string): HealthCheck => ({ ok: false, detail })
const minutes = (ms: number) => `${Math.max(0, Math.round(ms / 60_000))} min`
const mebibytes = (bytes: number) => `${Math.floor(bytes / 1024 / 1024)} MiB`
