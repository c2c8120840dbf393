// The migrated and seeded database every fresh test data folder is copied from: the contract files' own and
// shared backends (tests/contract/target.ts) and each end-to-end worker's server (tests/e2e/fixtures.ts).
// initdb, the migrations and the seed take ~20 s on a quiet machine and minutes on a loaded one; a copy takes
// well under a second. No test-runner import: Vitest and Playwright both use it.
import { createHash, randomUUID } from 'node:crypto'
import { cp, mkdir, readFile, readdir, rename, rm, stat } from 'node:fs/promises'
import { dirname, join } from 'node:path'

const repoRoot = new URL('../../', import.meta.url).pathname
/** Where the contract suite keeps its data folders, and the template beside them. */
export const tmpRoot = join(repoRoot, '.tmp', 'contract')

/**
 * The template for the current schema: made once per schema (by the contract suite's global setup when
 * `npm test` runs, so the end-to-end servers find it made), aside and renamed into place, so two processes
 * making it at once, or a run that is killed meanwhile, never leave a half-made one.
 */
export async function migratedTemplate(): Promise<string> {
  const template = join(tmpRoot, `migrated-${await schemaHash()}`)
  if (!(await exists(template))) {
    const making = `${template}-${randomUUID()}`
    // Loaded only here: PGlite is large, and the template is usually there already.
    const { Database } = await import('../../src/backend/db.ts')
    const { db } = await Database.open(making)
    await db.close()
    await rename(making, template).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error
      await rm(making, { recursive: true, force: true })
    })
  }
  return template
}

/** A fresh data folder at `dir`, copied from the migrated template (aside, then renamed: never half a copy). */
export async function copyOfTemplate(dir: string): Promise<string> {
  const copying = `${dir}-${randomUUID()}`
  await mkdir(dirname(dir), { recursive: true })
  await cp(await migratedTemplate(), copying, { recursive: true })
  await rename(copying, dir)
  return dir
}

async function schemaHash(): Promise<string> {
  const hash = createHash('sha256')
  const migrations = join(repoRoot, 'supabase', 'migrations')
  for (const file of (await readdir(migrations)).sort()) hash.update(await readFile(join(migrations, file)))
  hash.update(await readFile(join(repoRoot, 'supabase', 'seed.sql')))
  hash.update(await readFile(join(repoRoot, 'src', 'backend', 'bootstrap.sql')))
  hash.update(await readFile(join(repoRoot, 'src', 'backend', 'authSchema.sql')))
  hash.update(await readFile(join(repoRoot, 'src', 'backend', 'storage', 'schema.sql')))
  return hash.digest('hex').slice(0, 12)
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  )
}
