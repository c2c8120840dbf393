// The database of the embedded backend: PostgreSQL (PGlite, WebAssembly) persisted in DATA_DIR.
// It applies the same supabase/migrations as a hosted project, seeds a fresh folder, and runs every
// request's transaction alone, with the caller's role and JWT claims set the way PostgREST sets them.
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { lockDataDir, type DataLock } from './data-lock.ts'
import { repairModes, securePrivateFolder } from './data-modes.ts'

export type { Transaction }

/** The database roles an API request may run as (the `role` claim of its JWT). */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ApiRole = (typeof API_ROLES)[number]

export interface Claims {
  role: ApiRole
  sub?: string
  [claim: string]: unknown
}

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url))
const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url))

export class Database {
  private tail: Promise<unknown> = Promise.resolve()

  private constructor(
    private readonly pg: PGlite,
    private readonly dataDir: string,
    private readonly lock: DataLock,
  ) {}

  /**
   * Opens (or creates) the database in `<dataDir>/pgdata`. On a fresh folder it runs the Supabase stand-in
   * bootstrap, every migration and supabase/seed.sql in one transaction, so a crash during the first start
   * leaves nothing half-made; later starts apply only the migrations not yet recorded.
   */
  static async open(dataDir: string): Promise<{ db: Database; fresh: boolean }> {
    await securePrivateFolder(dataDir)
    const lock = lockDataDir(dataDir) // throws DataDirInUse when another process has the folder
    // PGlite starts Postgres with -F (fsync off). Writes then reach the OS at commit and survive the process
    // dying (kill -9), but not the machine losing power; dropping -F asks for fsync too, at no measured cost.
    const startParams = PGlite.defaultStartParams.filter((param) => param !== '-F')
    const pg = await PGlite.create({ dataDir: join(dataDir, 'pgdata'), startParams }).catch((error: unknown) => {
      lock.release()
      throw error
    })
    const db = new Database(pg, dataDir, lock)
    const fresh = await db.migrate()
    await repairModes(dataDir)
    return { db, fresh }
  }

  /**
   * Runs `work` in a transaction of its own, as the database owner. PGlite has a single connection, so
   * transactions are queued here and never interleave (an awaited query of another request inside an open
   * transaction would otherwise deadlock or run with that transaction's role).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const run = this.tail.then(() => this.pg.transaction(work))
    this.tail = run.catch(() => undefined)
    return run
  }

  /** Runs `work` as PostgREST runs a request: role and request.jwt.claims set for this transaction only. */
  asRequest<T>(claims: Claims, work: (tx: Transaction) => Promise<T>): Promise<T> {
    return this.transaction(async (tx) => {
      await tx.query(
        "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)",
        [claims.role, JSON.stringify(claims)],
      )
      return work(tx)
    })
  }

  async close(): Promise<void> {
    await this.tail
    await this.pg.close()
    await repairModes(this.dataDir)
    this.lock.release()
  }

  private async migrate(): Promise<boolean> {
    const migrationsDir = join(supabaseDir, 'migrations')
    const files = (await readdir(migrationsDir)).filter((f) => f.endsWith('.sql')).sort()
    return this.transaction(async (tx) => {
      const { rows } = await tx.query<{ ready: boolean }>(
        "select to_regclass('supabase_migrations.schema_migrations') is not null as ready",
      )
      const fresh = !rows[0]?.ready
      if (fresh) await tx.exec(await readFile(bootstrapFile, 'utf8'))
      const applied = new Set(
        (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
          (r) => r.version,
        ),
      )
      for (const file of files) {
        const [version = file, ...name] = file.replace(/\.sql$/, '').split('_')
        if (applied.has(version)) continue
        await tx.exec(await readFile(join(migrationsDir, file), 'utf8'))
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
          version,
          name.join('_'),
        ])
      }
      if (fresh) await tx.exec(await readFile(join(supabaseDir, 'seed.sql'), 'utf8'))
      return fresh
    })
  }
}
