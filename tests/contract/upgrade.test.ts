// A data folder written by an earlier release starts on this one with nothing lost (decision 0099). The
// fixtures are the folders two releases' own `npm start` wrote, filled through their own API
// (tests/fixtures/upgrade/seed.ts says how): 33492bc, the first release with `npm start` (posts, tags, a
// page, content blocks, a menu, SEO, two staff accounts), and 4986006 (the same, plus leads and roles).
// Today's `npm start` opens a copy of each: every row of the old folder is still there with the values it had
// (new columns aside), and the old passwords sign in. A start whose migration fails leaves the folder as it was.
import { PGlite } from '@electric-sql/pglite'
import { execFileSync } from 'node:child_process'
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { killAll, spawnServer, startServerProcess, stop } from '../support/server-process.ts'
import { client, embeddedOnly, isHosted, tmpRoot, type Target } from './target.ts'

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))
const fixtures = join(repoRoot, 'tests/fixtures/upgrade')
const made: string[] = []

afterAll(async () => {
  killAll()
  for (const dir of made) await rm(dir, { recursive: true, force: true })
})

/** A fresh copy of a release's data folder. */
async function unpack(release: string): Promise<string> {
  await mkdir(tmpRoot, { recursive: true })
  const dir = await mkdtemp(join(tmpRoot, `upgrade-${release}-`))
  made.push(dir)
  execFileSync('tar', ['-xJf', join(fixtures, `${release}.tar.xz`), '-C', dir])
  return dir
}

type Row = Record<string, unknown>
/** Every row of every table that holds the site's content, its leads, its accounts and its migration history, by primary key. */
type Snapshot = Map<string, Map<string, Row>>

async function snapshot(dataDir: string): Promise<Snapshot> {
  const pg = await PGlite.create({ dataDir: join(dataDir, 'pgdata') })
  try {
    const { rows: tables } = await pg.query<{ name: string; keys: string[] }>(`
      select format('%I.%I', n.nspname, c.relname) as name,
        array(select a.attname::text from pg_index i join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
              where i.indrelid = c.oid and i.indisprimary order by a.attname) as keys
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and (n.nspname in ('public', 'supabase_migrations') or (n.nspname = 'auth' and c.relname in ('users', 'identities')))`)
    const result: Snapshot = new Map()
    for (const { name, keys } of tables) {
      const { rows } = await pg.query<{ row: Row }>(`select to_jsonb(t) as row from ${name} t`)
      result.set(name, new Map(rows.map(({ row }) => [JSON.stringify(keys.map((key) => row[key])), row])))
    }
    return result
  } finally {
    await pg.close()
  }
}

const signInColumns = new Set(['last_sign_in_at', 'updated_at'])
const count = (before: Snapshot, table: string) => before.get(table)?.size ?? 0

async function demoPassword(dataDir: string): Promise<string> {
  const text = await readFile(join(dataDir, 'demo-staff.txt'), 'utf8').catch(() => null)
  return text ? /password:\s*(\S+)/.exec(text)![1]! : 'admin-demo-2025'
}

describe.skipIf(isHosted)(`upgrades ${embeddedOnly}`, () => {
  it.each([
    { release: '33492bc', leads: false },
    { release: '4986006', leads: true },
  ])('a data folder written by release $release starts with every row and its old passwords', { timeout: 240_000 }, async ({ release, leads }) => {
    const dataDir = await unpack(release)
    const before = await snapshot(dataDir)
    expect(count(before, 'public.blog_posts')).toBeGreaterThanOrEqual(2)
    expect(count(before, 'public.menu_items')).toBeGreaterThanOrEqual(2)
    expect(count(before, 'auth.users')).toBe(2)
    if (leads) expect(count(before, 'public.leads')).toBe(2)

    const server = await startServerProcess(dataDir)
    const { anonKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { anonKey: string }
    const target: Target = { kind: 'embedded', url: server.url, anonKey, serviceRoleKey: '', close: async () => {} }
    for (const [email, password] of [
      ['admin@example.com', await demoPassword(dataDir)],
      ['editor@example.com', 'editor-clave-2025'],
    ] as const) {
      const staff = client(target)
      const signedIn = await staff.auth.signInWithPassword({ email, password })
      expect(signedIn.error, email).toBeNull()
      // Staff read the drafts too, and the leads: their roles and the policies came through the upgrade.
      const posts = await staff.from('blog_posts').select('id')
      expect(posts.data?.length, email).toBe(count(before, 'public.blog_posts'))
      const people = await staff.from('leads').select('id, name')
      expect(people.error).toBeNull()
      expect(people.data?.length, email).toBe(count(before, 'public.leads'))
    }
    const visitor = client(target)
    const published = await visitor.from('blog_posts').select('title').eq('slug', 'como-elegir-un-stack').single()
    expect(published.data?.title).toBe('Cómo elegir un stack en 2026')
    await stop(server)

    // Columns added since are allowed; every column a row had keeps its value (but the sign-in's own
    // bookkeeping, written by the sign-ins above).
    const after = await snapshot(dataDir)
    const lost: string[] = []
    for (const [table, rows] of before) {
      for (const [key, row] of rows) {
        const upgraded = after.get(table)?.get(key)
        if (!upgraded) lost.push(`${table} ${key}: gone`)
        else
          for (const [column, value] of Object.entries(row))
            if (!(table === 'auth.users' && signInColumns.has(column)) && JSON.stringify(upgraded[column]) !== JSON.stringify(value))
              lost.push(`${table} ${key}.${column}: ${JSON.stringify(value)} became ${JSON.stringify(upgraded[column])}`)
      }
    }
    expect(lost).toEqual([])
  })

  it('a migration that fails leaves the folder as it was and names the file and the reason', { timeout: 240_000 }, async () => {
    const dataDir = await unpack('33492bc')
    const before = await snapshot(dataDir)
    // A copy of the product with one more migration, after every real one: it makes a table, then fails.
    const copy = await mkdtemp(join(tmpRoot, 'bad-migration-'))
    made.push(copy)
    for (const part of ['src', 'supabase', 'content', 'package.json', 'tsconfig.json'])
      await cp(join(repoRoot, part), join(copy, part), { recursive: true })
    await symlink(join(repoRoot, 'node_modules'), join(copy, 'node_modules'))
    const bad = '29991231000000_bad_backfill.sql'
    await writeFile(join(copy, 'supabase/migrations', bad), 'create table public.half_done (id int);\nselect 1 / 0;\n')

    const server = spawnServer(dataDir, {}, copy)
    expect(await server.exited).toBe(1)
    expect(await server.started).toBeNull()
    expect(server.output()).toContain(`The migration ${bad} failed: division by zero.`)
    expect(server.output()).toContain('the data folder is as it was before this start')

    // Nothing of the start is kept: neither the 22 migrations before the bad one nor its half-made table.
    const after = await snapshot(dataDir)
    expect(after.has('public.half_done')).toBe(false)
    expect(after).toEqual(before)
  })
})
