// One backup of a data folder, taken while the server keeps serving (docs/decisions/0097-online-backups-restored.md).
// The database and the files beside it are caught at one instant: with the database session held (no
// request runs meanwhile, for the few hundred milliseconds it takes) a checkpoint is made, the rows are
// counted, PGlite dumps its data directory, the uploaded files are hard-linked into a staging folder (their
// bodies never change once in place: a new version is a new file) and the few small files (keys, form
// secret, the contact form's spool) are copied. Everything slow (checksums, compression, writing the archive)
// happens after, with the session free. The archive is written under a hidden `.partial` name, flushed to
// disk and only then renamed to `backup-<time>.tar.gz`: a crash or a stop in between leaves no file that
// looks like a backup.
import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, link, mkdir, open, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import { dirname, join, relative } from 'node:path'
import { pipeline } from 'node:stream/promises'
import { create as createTar } from 'tar'
import type { Database } from '#src/backend/db.ts'
import { BACKUP_FORMAT, DATABASE_FILE, MANIFEST_FILE, countRows, lastMigration, productVersion, type Manifest } from './manifest.ts'

/** A finished backup's name; the time is the snapshot's, in UTC. */
export const BACKUP_NAME = /^backup-(\d{8}T\d{6}Z)(?:-\d+)?\.tar\.gz$/
const PARTIAL = /^\.backup-.*\.partial$/
/** Where a backup gathers its files, inside the data folder (so hard links work); removed when it ends. */
export const STAGING_DIR = 'backup-staging'
/** The socket `npm run backup` asks the running server through (./socket.ts). */
export const BACKUP_SOCKET = 'backup.sock'
/**
 * What a backup leaves out of the data folder: the database's files (dumped by PGlite instead), the lock,
 * the image variants (made again on demand), uploads still streaming in, and its own work files.
 */
const LEFT_OUT = new Set(['pgdata', 'backend.lock', 'image-cache', 'storage/tmp', STAGING_DIR, BACKUP_SOCKET])
/** Files whose bodies never change once written: linked, not copied, inside the session hold. */
const IMMUTABLE = 'storage/objects/'

export interface BackupResult {
  file: string
  size: number
  manifest: Manifest
}

/** Writes one backup of `dataDir`'s database `db` into `dir`; `signal` aborts it, leaving nothing behind. */
export async function writeBackup(options: { db: Database; dataDir: string; dir: string; signal?: AbortSignal }): Promise<BackupResult> {
  const { db, dataDir, dir, signal } = options
  await mkdir(dir, { recursive: true, mode: 0o700 })
  // One backup at a time per data folder (the service queues them; without a server, the lock is this process's).
  const staging = join(dataDir, STAGING_DIR)
  await rm(staging, { recursive: true, force: true })
  await mkdir(staging, { mode: 0o700 })
  let partial: string | undefined
  try {
    const createdAt = new Date()
    const snapshot = await db.exclusive(async (pg) => {
      // The checkpoint writes every changed page, so a restore has no write-ahead log to replay.
      await pg.exec('checkpoint')
      const tables = await countRows(pg)
      const migration = await lastMigration(pg)
      const dump = await pg.dumpDataDir('none')
      await stageDataFiles(dataDir, staging)
      return { tables, migration, dump }
    })
    signal?.throwIfAborted()
    await writeFile(join(staging, DATABASE_FILE), new Uint8Array(await snapshot.dump.arrayBuffer()))
    const files = await checksums(staging, signal)
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      createdAt: createdAt.toISOString(),
      productVersion: productVersion(),
      lastMigration: snapshot.migration,
      tables: snapshot.tables,
      files,
    }
    await writeFile(join(staging, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`)
    const file = await freeName(dir, createdAt)
    partial = join(dir, `.${file.slice(dir.length + 1)}.partial`)
    // The manifest first, so a reader checks it before anything else. Level 1: the database compresses
    // well at any level and the images not at all; the CPU a higher level costs is taken from the pages.
    const entries = [MANIFEST_FILE, ...(await readdir(staging)).filter((name) => name !== MANIFEST_FILE)]
    await pipeline(
      createTar({ gzip: { level: 1 }, cwd: staging, portable: true }, entries),
      createWriteStream(partial, { flags: 'wx', mode: 0o600, flush: true }),
      { signal },
    )
    await rename(partial, file)
    partial = undefined
    await syncFolder(dir)
    return { file, size: (await stat(file)).size, manifest }
  } finally {
    if (partial) await rm(partial, { force: true })
    await rm(staging, { recursive: true, force: true })
  }
}

/** Removes what a backup cut short (a crash, a stop) left: staging folders and `.partial` files. */
export async function sweepUnfinished(dataDir: string, dir: string): Promise<void> {
  await rm(join(dataDir, STAGING_DIR), { recursive: true, force: true })
  const names = await readdir(dir).catch(() => [])
  await Promise.all(names.filter((name) => PARTIAL.test(name)).map((name) => rm(join(dir, name), { force: true })))
}

/** The finished backups in `dir`, newest first, with the instant each snapshot was taken. */
export async function listBackups(dir: string): Promise<{ file: string; takenAt: Date }[]> {
  const names = await readdir(dir).catch(() => [])
  return names
    .flatMap((name) => {
      const stamp = BACKUP_NAME.exec(name)?.[1]
      if (!stamp) return []
      const iso = `${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 11)}:${stamp.slice(11, 13)}:${stamp.slice(13)}`
      return [{ file: join(dir, name), takenAt: new Date(iso) }]
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.file.localeCompare(a.file))
}

async function stageDataFiles(dataDir: string, staging: string): Promise<void> {
  const entries = await readdir(dataDir, { withFileTypes: true, recursive: true })
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = relative(dataDir, join(entry.parentPath, entry.name))
    if ([...LEFT_OUT].some((left) => path === left || path.startsWith(`${left}/`))) continue
    const target = join(staging, path)
    await mkdir(dirname(target), { recursive: true, mode: 0o700 })
    if (path.startsWith(IMMUTABLE)) await link(join(dataDir, path), target)
    else await copyFile(join(dataDir, path), target)
  }
}

async function checksums(staging: string, signal?: AbortSignal): Promise<Manifest['files']> {
  const files: Manifest['files'] = []
  for (const entry of await readdir(staging, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue
    signal?.throwIfAborted()
    const path = join(entry.parentPath, entry.name)
    files.push({ path: relative(staging, path), ...(await fileDigest(path)) })
  }
  return files.sort((a, b) => a.path.localeCompare(b.path))
}

export async function fileDigest(path: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256')
  let size = 0
  for await (const chunk of createReadStream(path) as AsyncIterable<Buffer>) {
    size += chunk.length
    hash.update(chunk)
  }
  return { size, sha256: hash.digest('hex') }
}

async function freeName(dir: string, at: Date): Promise<string> {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')
  for (let n = 1; ; n++) {
    const file = join(dir, `backup-${stamp}${n === 1 ? '' : `-${n}`}.tar.gz`)
    if (!(await stat(file).catch(() => null))) return file
  }
}

/** The rename is durable once the folder that holds it is flushed. */
async function syncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r')
  try {
    await handle.sync()
  } finally {
    await handle.close()
  }
}
