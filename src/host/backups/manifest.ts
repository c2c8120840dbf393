// What a backup file says about itself (docs/decisions/0097-online-backups-restored.md): when it was made, by
// which release, the last migration its database had applied, how many rows each table held, and the size
// and SHA-256 of every file in it. A restore refuses a file whose manifest or checksums do not hold.
import { readFileSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import { z } from 'zod'

/** The archive layout this code writes and reads; a higher one comes from a newer release. */
export const BACKUP_FORMAT = 1
export const MANIFEST_FILE = 'manifest.json'
/** The database, as PGlite's own data-directory dump (`dumpDataDir`), loaded back with `loadDataDir`. */
export const DATABASE_FILE = 'pgdata.tar'

export const manifestSchema = z.object({
  format: z.number().int(),
  createdAt: z.iso.datetime(),
  productVersion: z.string(),
  lastMigration: z.string(),
  tables: z.record(z.string(), z.number().int().min(0)),
  files: z.array(z.object({ path: z.string(), size: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
})
export type Manifest = z.infer<typeof manifestSchema>

const root = new URL('../../../', import.meta.url)

export function productVersion(): string {
  return (JSON.parse(readFileSync(fileURLToPath(new URL('package.json', root)), 'utf8')) as { version: string }).version
}

/** The versions of the migrations this code knows (supabase/migrations), oldest first. */
export function knownMigrations(): string[] {
  return readdirSync(fileURLToPath(new URL('supabase/migrations/', root)))
    .filter((file) => file.endsWith('.sql'))
    .map((file) => file.split('_')[0]!)
    .sort()
}

/** The number of rows of every table of the database (the system catalogs aside), as `schema.table`. */
export async function countRows(pg: PGlite): Promise<Record<string, number>> {
  const { rows: tables } = await pg.query<{ name: string; sql: string }>(
    `select format('%s.%s', n.nspname, c.relname) as name, format('select count(*)::int as n from %I.%I', n.nspname, c.relname) as sql
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind in ('r', 'p') and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'
      order by 1`,
  )
  const counts: Record<string, number> = {}
  for (const table of tables) counts[table.name] = (await pg.query<{ n: number }>(table.sql)).rows[0]!.n
  return counts
}

export async function lastMigration(pg: PGlite): Promise<string> {
  const { rows } = await pg.query<{ version: string | null }>('select max(version) as version from supabase_migrations.schema_migrations')
  return rows[0]?.version ?? ''
}
