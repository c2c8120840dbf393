// The backups of `npm start` (docs/operations.md, «Backups»): one every BACKUP_INTERVAL_MS into BACKUP_DIR,
// the old ones deleted by the retention rule, then BACKUP_POST_COMMAND (an off-site copy), and on demand
// when `npm run backup` asks through the data folder's socket. Each run is recorded in public.backup_runs,
// which admins read on the Dashboard. One backup runs at a time; a stop aborts the one in progress and
// removes its unfinished file (decision 0097).
import { spawn, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import { createServer, type Server } from 'node:net'
import { basename, join } from 'node:path'
import type { Database } from '#src/backend/db.ts'
import { logger, runJob } from '#src/backend/log.ts'
import { BACKUP_SOCKET, listBackups, sweepUnfinished, writeBackup, type BackupResult } from './backup.ts'
import { expired, type Retention } from './retention.ts'

export interface BackupOptions extends Retention {
  db: Database
  dataDir: string
  dir: string
  /** 0: no scheduled backups (`npm run backup` still works). */
  intervalMs: number
  /** Run by `sh -c` after each backup with the file's path as `$1`. */
  postCommand?: string
}

const log = logger('backups')
/** After a start, an overdue backup waits this long (or one interval, if shorter): the start comes first. */
const FIRST_DELAY_MS = 60_000
/** The runs public.backup_runs keeps. */
const KEPT_RUNS = 100

export interface Backups {
  /** Makes a backup now (after the one running, if any). */
  backupNow(): Promise<BackupResult>
  close(): Promise<void>
}

export async function startBackups(options: BackupOptions): Promise<Backups> {
  const { db, dataDir, dir, intervalMs } = options
  await sweepUnfinished(dataDir, dir)
  const abort = new AbortController()
  let queue: Promise<unknown> = Promise.resolve()
  let timer: NodeJS.Timeout | undefined
  let failedAt = 0
  let postCommand: ChildProcess | undefined

  const run = (): Promise<BackupResult> => {
    const started = new Date()
    const result = queue.then(async () => {
      abort.signal.throwIfAborted()
      try {
        // One line per run (decision 0098): its size, the old backups deleted; a failure is the job's warning.
        const { backup, postError } = await runJob(
          'backup',
          async () => {
            const backup = await writeBackup({ db, dataDir, dir, signal: abort.signal })
            return { backup, removed: await applyRetention(), postError: await runPostCommand(backup.file) }
          },
          (run) => ({
            bytes: run.backup.size,
            files: run.backup.manifest.files.length,
            deleted: run.removed,
            postCommandFailed: run.postError ? 1 : 0,
          }),
        )
        if (postError) log.warn(postError)
        await record({ started, ok: true, backup, error: postError })
        return backup
      } catch (error) {
        failedAt = Date.now()
        if (abort.signal.aborted) throw error
        await record({ started, ok: false, error: error instanceof Error ? error.message : String(error) })
        throw error
      }
    })
    queue = result.catch(() => undefined)
    return result
  }

  const applyRetention = async (): Promise<number> => {
    const old = expired(await listBackups(dir), options)
    await Promise.all(old.map((backup) => rm(backup.file, { force: true })))
    return old.length
  }

  /** Runs the post-backup command; its failure is the run's error (the backup itself is kept). */
  const runPostCommand = (file: string): Promise<string | undefined> => {
    if (!options.postCommand) return Promise.resolve(undefined)
    return new Promise((resolve) => {
      let stderr = ''
      postCommand = spawn('sh', ['-c', options.postCommand!, 'backup-post-command', file], { stdio: ['ignore', 'inherit', 'pipe'] })
      postCommand.stderr!.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-500)))
      postCommand.once('error', (error) => resolve(`the post-backup command did not start: ${error.message}`))
      postCommand.once('exit', (code, signal) => {
        postCommand = undefined
        if (code === 0) resolve(undefined)
        else resolve(`the post-backup command failed (${signal ?? `exit ${code}`})${stderr.trim() ? `: ${stderr.trim()}` : ''}`)
      })
    })
  }

  const record = async (run: { started: Date; ok: boolean; backup?: BackupResult; error?: string }) => {
    await db
      .transaction(async (tx) => {
        await tx.query(`insert into public.backup_runs (started_at, ok, file_name, size_bytes, error, interval_ms) values ($1, $2, $3, $4, $5, $6)`, [
          run.started.toISOString(),
          run.ok,
          run.backup ? basename(run.backup.file) : null,
          run.backup?.size ?? null,
          run.error ?? null,
          intervalMs,
        ])
        await tx.query(`delete from public.backup_runs where id not in (select id from public.backup_runs order by id desc limit ${KEPT_RUNS})`)
      })
      .catch((error: unknown) => log.error(`the run was not recorded: ${error instanceof Error ? error.message : String(error)}`))
  }

  const schedule = async () => {
    if (!intervalMs || abort.signal.aborted) return
    const newest = (await listBackups(dir))[0]?.takenAt.getTime() ?? 0
    const due = Math.max(newest, failedAt) + intervalMs
    const wait = Math.max(due - Date.now(), Math.min(FIRST_DELAY_MS, intervalMs))
    timer = setTimeout(() => void run().then(schedule, schedule), wait)
    timer.unref()
  }
  await schedule()

  const socket = await listen(join(dataDir, BACKUP_SOCKET), run)

  return {
    backupNow: run,
    async close() {
      clearTimeout(timer)
      abort.abort()
      postCommand?.kill('SIGTERM')
      socket?.close()
      await queue
    },
  }
}

/**
 * `npm run backup` asks the running server through a socket in the data folder: the folder is private to
 * the account running the server (0700, src/backend/dataModes.ts), so only that account can ask. The answer
 * is one JSON line once the backup is written.
 */
async function listen(path: string, run: () => Promise<BackupResult>): Promise<Server | undefined> {
  await rm(path, { force: true }) // left by a server that died: the data lock says no other server runs
  const server = createServer((connection) => {
    connection.on('error', () => undefined)
    run().then(
      (backup) => connection.end(`${JSON.stringify({ ok: true, file: backup.file, size: backup.size, manifest: backup.manifest })}\n`),
      (error: unknown) => connection.end(`${JSON.stringify({ ok: false, error: error instanceof Error ? error.message : String(error) })}\n`),
    )
  })
  return new Promise((resolve) => {
    server.once('error', (error) => {
      log.warn(`\`npm run backup\` cannot reach this server (${error.message}); scheduled backups still run.`)
      resolve(undefined)
    })
    server.listen(path, () => resolve(server))
  })
}
