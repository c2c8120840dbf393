// `npm run restore -- FILE`: a backup back into a new data folder, checked all the way
// (docs/decisions/0097-online-backups-restored.md). The file is unpacked into a hidden work folder beside the
// target; the manifest, every file's size and SHA-256, and the row count of every table in the loaded
// database must match; only then is the work folder renamed to the target. A refusal leaves the target
// as it was (absent or empty) and removes the work folder.
import { PGlite } from '@electric-sql/pglite'
import { existsSync } from 'node:fs'
import { mkdir, readFile, readdir, rename, rm, rmdir, stat } from 'node:fs/promises'
import { basename, dirname, join, relative } from 'node:path'
import { extract } from 'tar'
import { DataDirInUse, lockDataDir } from '#src/backend/dataLock.ts'
import { repairModes } from '#src/backend/dataModes.ts'
import { fileDigest } from './backup.ts'
import { BACKUP_FORMAT, DATABASE_FILE, MANIFEST_FILE, countRows, knownMigrations, manifestSchema, type Manifest } from './manifest.ts'

/** A restore that did not happen, with why; the target was not touched. */
export class RestoreRefused extends Error {}

/** What the restored folder keeps of the backup's manifest, to tell later where it came from. */
export const RESTORED_FROM = 'restored-from.json'

export async function restoreBackup(file: string, target: string): Promise<Manifest> {
  if (!existsSync(file)) throw new RestoreRefused(`${file} does not exist.`)
  await checkTarget(target)
  await mkdir(dirname(target), { recursive: true })
  const work = join(dirname(target), `.restoring-${basename(target)}-${process.pid}`)
  await rm(work, { recursive: true, force: true })
  await mkdir(work, { mode: 0o700 })
  try {
    await extract({ file, cwd: work, strict: true }).catch((error: unknown) => {
      throw new RestoreRefused(`${file} is truncated or corrupted (${error instanceof Error ? error.message : String(error)}).`)
    })
    const manifest = await readManifest(work, file)
    await checkFiles(work, manifest, file)
    await loadDatabase(work, manifest, file)
    await rm(join(work, DATABASE_FILE))
    await rename(join(work, MANIFEST_FILE), join(work, RESTORED_FROM))
    await repairModes(work)
    // Checked again: a server may have started on the target while the backup was being unpacked.
    await checkTarget(target)
    if (existsSync(target)) await rmdir(target)
    await rename(work, target)
    return manifest
  } finally {
    // Retried: a refused extraction may still be closing the files it was writing.
    await rm(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 100 })
  }
}

/** The target must be new or an empty folder, and never the folder a running server holds. */
async function checkTarget(target: string): Promise<void> {
  const found = await stat(target).catch(() => null)
  if (!found) return
  if (!found.isDirectory()) throw new RestoreRefused(`${target} exists and is not a folder: choose a new folder.`)
  if (existsSync(join(target, 'backend.lock'))) {
    try {
      lockDataDir(target).release()
    } catch (error) {
      if (error instanceof DataDirInUse) throw new RestoreRefused(`${error.message.split('. ')[0]}: a restore never writes there.`)
      throw error
    }
  }
  if ((await readdir(target)).length > 0) throw new RestoreRefused(`${target} is not empty: restore into a new or empty folder.`)
}

async function readManifest(work: string, file: string): Promise<Manifest> {
  const text = await readFile(join(work, MANIFEST_FILE), 'utf8').catch(() => null)
  if (text === null) throw new RestoreRefused(`${file} has no manifest: it is not a backup of this product, or it is corrupted.`)
  let parsed: ReturnType<typeof manifestSchema.safeParse>
  try {
    parsed = manifestSchema.safeParse(JSON.parse(text))
  } catch {
    throw new RestoreRefused(`${file}'s manifest is not valid JSON: the backup is corrupted.`)
  }
  if (!parsed.success) throw new RestoreRefused(`${file}'s manifest is not one this release reads: ${parsed.error.issues[0]?.message}.`)
  const manifest = parsed.data
  const known = knownMigrations()
  if (manifest.format > BACKUP_FORMAT || !known.includes(manifest.lastMigration))
    throw new RestoreRefused(
      `${file} was made by a newer release (${manifest.productVersion}, migration ${manifest.lastMigration}) than this code ` +
        `(last migration ${known.at(-1)}): update the code first, then restore.`,
    )
  return manifest
}

async function checkFiles(work: string, manifest: Manifest, file: string): Promise<void> {
  const found = (await readdir(work, { withFileTypes: true, recursive: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => relative(work, join(entry.parentPath, entry.name)))
    .filter((path) => path !== MANIFEST_FILE)
  const listed = new Map(manifest.files.map((entry) => [entry.path, entry]))
  const extra = found.filter((path) => !listed.has(path))
  if (extra.length) throw new RestoreRefused(`${file} holds files its manifest does not list (${extra.slice(0, 3).join(', ')}): it is corrupted.`)
  for (const entry of manifest.files) {
    if (!found.includes(entry.path)) throw new RestoreRefused(`${file} lacks ${entry.path}, which its manifest lists: it is truncated or corrupted.`)
    const digest = await fileDigest(join(work, entry.path))
    if (digest.size !== entry.size || digest.sha256 !== entry.sha256)
      throw new RestoreRefused(`${entry.path} in ${file} does not match its checksum: the backup is corrupted.`)
  }
}

/** Loads the database with PGlite's own `loadDataDir` and checks that every table holds the rows counted at the backup. */
async function loadDatabase(work: string, manifest: Manifest, file: string): Promise<void> {
  const dump = new Blob([await readFile(join(work, DATABASE_FILE))], { type: 'application/x-tar' })
  const pg = await PGlite.create({
    dataDir: join(work, 'pgdata'),
    loadDataDir: dump,
    // As the server opens it (src/backend/db.ts): with fsync, so the restored folder is on disk when this ends.
    startParams: PGlite.defaultStartParams.filter((param) => param !== '-F'),
  }).catch((error: unknown) => {
    throw new RestoreRefused(`The database in ${file} does not open: ${error instanceof Error ? error.message : String(error)}.`)
  })
  try {
    const counts = await countRows(pg)
    const differ = Object.keys({ ...counts, ...manifest.tables }).filter((table) => counts[table] !== manifest.tables[table])
    if (differ.length)
      throw new RestoreRefused(
        `The database in ${file} does not hold the rows its manifest lists (${differ
          .slice(0, 3)
          .map((table) => `${table}: ${counts[table] ?? 'missing'} instead of ${manifest.tables[table] ?? 'none'}`)
          .join('; ')}).`,
      )
    await pg.exec('checkpoint')
  } finally {
    await pg.close()
  }
}
