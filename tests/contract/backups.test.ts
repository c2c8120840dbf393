// Backups that are restored, not just written (docs/decisions/0097-online-backups-restored.md), against real
// `npm start` processes and the real `npm run backup` / `npm run restore` commands: a backup taken while
// clients keep writing restores to exactly the source's rows at one instant and its files byte for byte,
// and the restored folder serves; a bad file, a newer release's file, a non-empty target and a running
// server's folder are refused with the target untouched; a stop in the middle of a backup is on time and
// leaves no file named as a backup; scheduled backups run the post-backup command (a script that copies)
// and keep what the retention rule says.
import { PGlite } from '@electric-sql/pglite'
import { createClient } from '@supabase/supabase-js'
import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { chmod, cp, mkdir, readFile, readdir, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ws from 'ws'
import sharp from 'sharp'
import { create as createTar, extract } from 'tar'
import type { Database } from '../../src/lib/database.types'
import { countRows } from '../../src/host/backups/manifest.ts'
import { killAll, startServerProcess, stop, type ServerProcess } from '../support/server-process.ts'
import { embeddedOnly, freshDataDir, tmpRoot } from './target.ts'

const run = promisify(execFile)
const repoRoot = new URL('../../', import.meta.url).pathname
const folders: string[] = []
afterAll(async () => {
  killAll()
  for (const dir of folders) await rm(dir, { recursive: true, force: true })
})

/** `npm run <script> -- args` with DATA_DIR; its exit status and what it printed. */
async function npm(script: string, dataDir: string, args: string[] = []): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run('npm', ['run', '-s', script, '--', ...args], { cwd: repoRoot, env: { ...process.env, DATA_DIR: dataDir } })
    return { code: 0, output: stdout + stderr }
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string }
    return { code: failed.code, output: failed.stdout + failed.stderr }
  }
}

async function serviceClient(dataDir: string, url: string) {
  const keys = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
  return createClient<Database>(url, keys.serviceRoleKey, { auth: { persistSession: false }, realtime: { transport: ws as never } })
}

/** A PNG of random pixels, about `side`² × 3 bytes: nothing to compress, and each one different. */
const png = (side: number) =>
  sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer()
const upload = async (supabase: Awaited<ReturnType<typeof serviceClient>>, path: string, side: number) =>
  expect((await supabase.storage.from('media').upload(path, await png(side), { contentType: 'image/png' })).error).toBeNull()

/** Every row of every table, as sorted JSON text per table (the restored copy and the source compared row by row). */
async function allRows(pgdata: string): Promise<Record<string, string[]>> {
  const pg = await PGlite.create({ dataDir: pgdata })
  try {
    const rows: Record<string, string[]> = {}
    for (const table of Object.keys(await countRows(pg))) {
      const [schema, name] = table.split('.') as [string, string]
      const result = await pg.query<{ row: string }>(`select to_jsonb(t)::text as row from "${schema}"."${name}" t`)
      rows[table] = result.rows.map((r) => r.row).sort()
    }
    return rows
  } finally {
    await pg.close()
  }
}

const backupFiles = async (dir: string) => (await readdir(dir).catch(() => [])).filter((name) => /^backup-.*\.tar\.gz$/.test(name))

describe.skipIf(embeddedOnly)('backups of a running server', { timeout: 300_000 }, () => {
  let dataDir: string
  let backupDir: string
  let server: ServerProcess & { url: string }
  let backup: string
  let loadRows: string[]

  beforeAll(async () => {
    dataDir = await freshDataDir()
    backupDir = `${dataDir}-backups`
    folders.push(dataDir, backupDir)
    server = await startServerProcess(dataDir)
  })

  it('takes a backup while clients write, and the restore holds the rows of one instant and every file byte for byte', async () => {
    const supabase = await serviceClient(dataDir, server.url)
    for (let i = 0; i < 5; i++) await upload(supabase, `before/${i}.png`, 80)
    // The write load: numbered tags and uploads, one after another, until the backup has ended.
    let writing = true
    let written = 0
    const load = (async () => {
      for (; writing; written++) {
        const tag = `carga-${String(written).padStart(5, '0')}`
        expect((await supabase.from('blog_tags').insert({ name: tag, slug: tag })).error).toBeNull()
        if (written % 3 === 0) await upload(supabase, `load/${tag}.png`, 40)
      }
    })()
    await new Promise((resolve) => setTimeout(resolve, 300))
    const made = await npm('backup', dataDir)
    writing = false
    await load
    expect(made.output).toMatch(/Backup written: (\S+\.tar\.gz)/)
    expect(made.code).toBe(0)
    backup = /Backup written: (\S+\.tar\.gz)/.exec(made.output)![1]!
    expect(written).toBeGreaterThan(0)
    expect(await backupFiles(backupDir)).toEqual([backup.split('/').at(-1)])
    // The server kept serving and recorded the run for the Dashboard.
    const { data: runs } = await supabase.from('backup_runs').select('ok, file_name, size_bytes')
    expect(runs).toEqual([{ ok: true, file_name: backup.split('/').at(-1)!, size_bytes: (await stat(backup)).size }])
    loadRows = (await supabase.from('blog_tags').select('name').like('name', 'carga-%')).data!.map((r) => r.name).sort()
    expect(loadRows).toHaveLength(written)
  })

  it("refuses a truncated, a corrupted or a newer release's backup, a non-empty target and a running server's folder, touching none", async () => {
    const work = join(tmpRoot, `refusals-${Date.now()}`)
    folders.push(work)
    await mkdir(work, { recursive: true })
    const target = join(work, 'restored')
    const refused = async (file: string, to: string, message: RegExp) => {
      const result = await npm('restore', dataDir, [file, to])
      expect(result.output).toMatch(message)
      expect(result.output).toMatch(/Nothing was restored/)
      expect(result.code).toBe(1)
      expect((await readdir(work)).filter((name) => name.startsWith('.restoring'))).toEqual([])
    }

    const truncated = join(work, 'truncated.tar.gz')
    await cp(backup, truncated)
    await truncate(truncated, Math.floor((await stat(truncated)).size / 2))
    await refused(truncated, target, /truncated or corrupted/)
    expect(existsSync(target)).toBe(false)

    // A file changed inside a well-formed archive: only its checksum tells.
    const unpacked = join(work, 'unpacked')
    await mkdir(unpacked)
    await extract({ file: backup, cwd: unpacked })
    const repack = async (name: string) => {
      const file = join(work, name)
      await createTar({ gzip: true, file, cwd: unpacked }, await readdir(unpacked))
      return file
    }
    const keys = join(unpacked, 'keys.json')
    const original = await readFile(keys)
    await writeFile(keys, Buffer.concat([original.subarray(0, 10), Buffer.from('x'), original.subarray(11)]))
    await refused(await repack('corrupted.tar.gz'), target, /keys\.json .* does not match its checksum/)
    await writeFile(keys, original)

    const manifest = JSON.parse(await readFile(join(unpacked, 'manifest.json'), 'utf8')) as { lastMigration: string; productVersion: string }
    await writeFile(join(unpacked, 'manifest.json'), JSON.stringify({ ...manifest, productVersion: '9.0.0', lastMigration: '29991231000000' }))
    await refused(await repack('newer.tar.gz'), target, /made by a newer release \(9\.0\.0, migration 29991231000000\)/)
    expect(existsSync(target)).toBe(false)

    await mkdir(target)
    await writeFile(join(target, 'notes.txt'), 'mine')
    await refused(backup, target, /is not empty/)
    expect(await readdir(target)).toEqual(['notes.txt'])

    const before = (await readdir(dataDir, { recursive: true })).sort()
    await refused(backup, dataDir, /in use by process \d+/)
    expect((await readdir(dataDir, { recursive: true })).sort()).toEqual(before)
  })

  it('stops within its deadline when told to in the middle of a backup, leaving no file named as a backup', async () => {
    const supabase = await serviceClient(dataDir, server.url)
    // Incompressible megabytes, so the archive takes a while to write.
    for (let i = 0; i < 24; i++) await upload(supabase, `big/${i}.png`, 570)
    const before = await backupFiles(backupDir)
    const asked = npm('backup', dataDir)
    // The folder is made by the first backup: absent when this test runs alone.
    for (let tries = 0; !(await readdir(backupDir).catch(() => [])).some((name) => name.endsWith('.partial')); tries++) {
      expect(tries).toBeLessThan(3000)
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    const signalled = Date.now()
    await stop(server, 'SIGTERM')
    // SHUTDOWN_DEADLINE_MS's default; exit status 0: the stop ended by itself, not cut by the deadline.
    expect(Date.now() - signalled).toBeLessThan(10_000)
    expect(server.child.exitCode).toBe(0)
    const answer = await asked
    expect(answer.code).toBe(1)
    expect(answer.output).toMatch(/No backup was written/)
    expect(await readdir(backupDir)).toEqual(before)
    expect(existsSync(join(dataDir, 'backup-staging'))).toBe(false)
  })

  it('the restored folder equals the source row by row and file by file, and `npm start` serves it', async () => {
    const target = join(tmpRoot, `restored-${Date.now()}`)
    folders.push(target)
    const restored = await npm('restore', dataDir, [backup, target])
    expect(restored.code).toBe(0)
    expect(restored.output).toContain(`DATA_DIR=`)
    expect(restored.output).toMatch(/Every file matched its checksum and every table its row count/)

    const [source, copy] = [await allRows(join(dataDir, 'pgdata')), await allRows(join(target, 'pgdata'))]
    expect(Object.keys(copy)).toEqual(Object.keys(source))
    // The tables the load and the later steps appended to hold a subset of the source's rows; the revision
    // counter the writes moved holds its one row; every other table is equal, row by row.
    const appended = new Set(['public.blog_tags', 'storage.objects', 'public.backup_runs'])
    const moved = new Set(['public.cms_revision'])
    for (const table of appended) expect(source[table]).toEqual(expect.arrayContaining(copy[table]!))
    for (const table of moved) expect(copy[table]).toHaveLength(source[table]!.length)
    const differ = Object.keys(source).filter(
      (table) => !appended.has(table) && !moved.has(table) && JSON.stringify(copy[table]) !== JSON.stringify(source[table]),
    )
    expect(differ).toEqual([])
    // One instant: the numbered tags are the first N, with no gap.
    const tags = copy['public.blog_tags']!.map((row) => (JSON.parse(row) as { name: string }).name)
      .filter((name) => name.startsWith('carga-'))
      .sort()
    expect(tags).toEqual(loadRows.slice(0, tags.length))
    // Every file an object row points to is there, byte for byte the source's.
    const versions = copy['storage.objects']!.map((row) => (JSON.parse(row) as { version: string }).version)
    expect(versions.length).toBeGreaterThanOrEqual(5)
    for (const version of versions)
      expect((await readFile(join(target, 'storage/objects', version))).equals(await readFile(join(dataDir, 'storage/objects', version)))).toBe(true)
    // And every other file of the data folder the backup holds (keys, secrets): the source's.
    const listed = (JSON.parse(await readFile(join(target, 'restored-from.json'), 'utf8')) as { files: { path: string }[] }).files.map((f) => f.path)
    expect(listed).toContain('keys.json')
    for (const file of listed.filter((path) => path !== 'pgdata.tar' && !path.startsWith('storage/')))
      expect((await readFile(join(target, file))).equals(await readFile(join(dataDir, file)))).toBe(true)

    const again = await startServerProcess(target)
    try {
      const supabase = await serviceClient(target, again.url)
      const { data } = await supabase.from('blog_tags').select('name').like('name', 'carga-%')
      expect(data!.map((r) => r.name).sort()).toEqual(tags)
      const { data: body } = await supabase.storage.from('media').download('before/0.png')
      expect(
        Buffer.from(await body!.arrayBuffer())
          .subarray(0, 8)
          .toString('hex'),
      ).toBe('89504e470d0a1a0a')
    } finally {
      await stop(again)
    }
  })
})

describe.skipIf(embeddedOnly)('scheduled backups', { timeout: 300_000 }, () => {
  it('runs on the interval, copies each file with the post-backup command and keeps the newest ones', async () => {
    const dataDir = await freshDataDir()
    const backupDir = join(tmpRoot, `scheduled-${Date.now()}`)
    const offsite = `${backupDir}-offsite`
    folders.push(dataDir, backupDir, offsite)
    await mkdir(offsite, { recursive: true })
    const script = `${offsite}.sh`
    folders.push(script)
    await writeFile(script, `#!/bin/sh\nset -e\ncp "$1" "${offsite}/"\n`)
    await chmod(script, 0o700)
    const server = await startServerProcess(dataDir, {
      BACKUP_DIR: backupDir,
      BACKUP_INTERVAL_MS: '2000',
      BACKUP_KEEP_RECENT: '2',
      BACKUP_KEEP_DAILY: '0',
      BACKUP_POST_COMMAND: `${script} "$1"`,
    })
    try {
      for (let tries = 0; (await readdir(offsite)).length < 3; tries++) {
        expect(tries).toBeLessThan(600)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
      const kept = await backupFiles(backupDir)
      expect(kept.length).toBeLessThanOrEqual(3) // the third may be written but not yet pruned
      for (const name of kept.slice(0, 2))
        if (existsSync(join(offsite, name))) expect((await readFile(join(offsite, name))).equals(await readFile(join(backupDir, name)))).toBe(true)
      const supabase = await serviceClient(dataDir, server.url)
      const { data: runs } = await supabase.from('backup_runs').select('ok, error, interval_ms').order('id')
      expect(runs!.length).toBeGreaterThanOrEqual(2)
      expect(runs!.slice(0, 2)).toEqual([
        { ok: true, error: null, interval_ms: 2000 },
        { ok: true, error: null, interval_ms: 2000 },
      ])
    } finally {
      await stop(server)
    }
    expect((await backupFiles(backupDir)).length).toBeLessThanOrEqual(2)
  })
})
