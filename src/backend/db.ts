// The database of the embedded backend: PostgreSQL (PGlite, WebAssembly) persisted in DATA_DIR.
// It applies the same supabase/migrations as a hosted project and seeds a fresh folder. Its one session is
// shared by the Node server (auth, here) and PostgREST (over pglite-socket), one unit of work at a time
// (sessionGate.ts, decision 0025).
import { PGlite, type Transaction } from '@electric-sql/pglite'
import { readFile, readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { lockDataDir, type DataLock } from './dataLock.ts'
import { repairModes, securePrivateFolder } from './dataModes.ts'
import { SessionGate } from './sessionGate.ts'

export type { Transaction }

/** The database roles an API request may run as (the `role` claim of its JWT). */
export const API_ROLES = ['anon', 'authenticated', 'service_role'] as const
export type ApiRole = (typeof API_ROLES)[number]

const supabaseDir = fileURLToPath(new URL('../../supabase/', import.meta.url))
const bootstrapFile = fileURLToPath(new URL('./bootstrap.sql', import.meta.url))
const authSchemaFile = fileURLToPath(new URL('./authSchema.sql', import.meta.url))
/** Supabase's `storage` schema, idempotent: applied at every start, before the migrations that use it. */
const storageSchemaFile = fileURLToPath(new URL('./storage/schema.sql', import.meta.url))

/**
 * What a hosted project has that bootstrap.sql gave only folders created after it was written, applied at
 * every start (idempotent). PostgREST logs in as postgres here (PGlite has one login) and applies the
 * settings (statement_timeout) only of roles its login role is a member of, as hosted Supabase's
 * authenticator is of the three API roles. GoTrue indexes auth.sessions.user_id.
 */
const STAND_IN_EVERY_START = `
  grant anon, authenticated, service_role to postgres;
  create index if not exists sessions_user_id_idx on auth.sessions (user_id);
`

/**
 * A migration Postgres refused. Every migration of a start runs in one transaction (Database.migrate), so
 * the data folder is left as it was before the start: no migration of this start is recorded, none of its
 * changes kept (decision 0099).
 */
export class MigrationFailed extends Error {
  constructor(
    readonly file: string,
    cause: unknown,
  ) {
    super(
      `The migration ${file} failed: ${cause instanceof Error ? cause.message : String(cause)}. ` +
        'Nothing was changed: the data folder is as it was before this start (no migration of this start was applied).',
      { cause },
    )
  }
}

export class Database {
  private tail: Promise<unknown> = Promise.resolve()
  /** Who holds the one Postgres session: a Node transaction or PostgREST's connection. */
  readonly gate = new SessionGate()

  private constructor(
    /** The PGlite instance, for the wire-protocol server PostgREST connects to (postgrest.ts). */
    readonly pg: PGlite,
    private readonly dataDir: string,
    private readonly lock: DataLock,
  ) {}

  /**
   * Opens (or creates) the database in `<dataDir>/pgdata`. On a fresh folder it runs the Supabase stand-in
   * bootstrap, every migration and supabase/seed.sql in one transaction, so a crash during the first start
   * leaves nothing half-made; later starts apply only the migrations not yet recorded. `extraMigrationsDir`
   * adds the migrations of another folder, applied after supabase/migrations in name order (the fixture of
   * scripts/compat/run.sh postgrest).
   */
  static async open(dataDir: string, extraMigrationsDir?: string): Promise<{ db: Database; fresh: boolean }> {
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
    const fresh = await db.migrate(extraMigrationsDir).catch(async (error: unknown) => {
      await pg.close()
      lock.release()
      throw error
    })
    await repairModes(dataDir)
    return { db, fresh }
  }

  /**
   * Runs `work` in a transaction of its own, as the database owner. PGlite has a single session, so
   * transactions are queued here and never interleave, and each waits until PostgREST's connection is
   * between requests (an awaited query inside another open transaction would run with its role and claims).
   */
  transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      await this.gate.acquire('node')
      try {
        return await this.pg.transaction(work)
      } finally {
        this.gate.release('node')
      }
    })
    this.tail = run.catch(() => undefined)
    return run
  }

  /**
   * Runs `work` with the whole session to itself, outside any transaction: no Node transaction and no
   * PostgREST request runs until it ends. For a backup (src/host/backups/), which must see the database and
   * the files beside it at one instant; keep `work` short, every request waits for it.
   */
  exclusive<T>(work: (pg: PGlite) => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      await this.gate.acquire('node')
      try {
        return await work(this.pg)
      } finally {
        this.gate.release('node')
      }
    })
    this.tail = run.catch(() => undefined)
    return run
  }

  async close(): Promise<void> {
    await this.tail
    await this.pg.close()
    await repairModes(this.dataDir)
    this.lock.release()
  }

  private async migrate(extraMigrationsDir?: string): Promise<boolean> {
    const sqlFiles = async (dir: string) => (await readdir(dir)).filter((f) => f.endsWith('.sql')).map((f) => ({ dir, file: f }))
    const files = [
      ...(await sqlFiles(join(supabaseDir, 'migrations'))).sort((a, b) => a.file.localeCompare(b.file)),
      ...(extraMigrationsDir ? await sqlFiles(extraMigrationsDir) : []).sort((a, b) => a.file.localeCompare(b.file)),
    ]
    return this.transaction(async (tx) => {
      const { rows } = await tx.query<{ ready: boolean }>("select to_regclass('supabase_migrations.schema_migrations') is not null as ready")
      const fresh = !rows[0]?.ready
      if (fresh) await tx.exec(await readFile(bootstrapFile, 'utf8'))
      await tx.exec(await readFile(authSchemaFile, 'utf8'))
      await tx.exec(await readFile(storageSchemaFile, 'utf8'))
      const applied = new Set(
        (await tx.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
      )
      for (const { dir, file } of files) {
        const [version = file, ...name] = file.replace(/\.sql$/, '').split('_')
        if (applied.has(version)) continue
        await tx.exec(await readFile(join(dir, file), 'utf8')).catch((error: unknown) => {
          throw new MigrationFailed(file, error)
        })
        await tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [version, name.join('_')])
      }
      if (fresh) await tx.exec(await readFile(join(supabaseDir, 'seed.sql'), 'utf8'))
      await tx.exec(STAND_IN_EVERY_START)
      return fresh
    })
  }
}
