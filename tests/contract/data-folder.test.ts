// The data folder under attack by a careless operator and by another local user:
// two `npm start` on one folder at the same moment, a restart right after kill -9, and files other users
// could read. Every server here is a real process (src/host/start.ts).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmod, readdir, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { afterAll, describe, expect, it } from 'vitest'
import { killAll, spawnServer, startServerProcess, stop } from '../support/server-process.ts'
import { embeddedOnly, freshDataDir, isHosted } from './target.ts'

const folders: string[] = []
async function folder(): Promise<string> {
  const dir = await freshDataDir()
  folders.push(dir)
  return dir
}

afterAll(async () => {
  killAll()
  for (const child of openers) child.kill('SIGKILL')
  for (const dir of folders) await rm(dir, { recursive: true, force: true })
})

const repoRoot = new URL('../../', import.meta.url).pathname
// A process that loads the database module once, then for each line `{ dataDir, at }` on its stdin opens that
// folder at the agreed instant, says whether it got it, holds it a moment and says `done`.
const openerScript = `
import { createInterface } from 'node:readline'
import { Database } from './src/backend/db.ts'
console.log('ready')
for await (const line of createInterface({ input: process.stdin })) {
  const { dataDir, at } = JSON.parse(line)
  await new Promise((resolve) => setTimeout(resolve, at - Date.now()))
  try {
    const { db } = await Database.open(dataDir)
    console.log('opened')
    await new Promise((resolve) => setTimeout(resolve, 1500))
    await db.close()
  } catch (error) {
    console.log('refused: ' + error.message)
  }
  console.log('done')
}`

interface Opener {
  /** Opens `dataDir` at the instant `at`; the process's answer once it has let go of the folder again. */
  openAt(dataDir: string, at: number): Promise<string>
  end(): void
}

const openers: ChildProcess[] = []
/** An opener loaded and waiting: the tries reuse it, instead of paying a process start and PGlite's import each. */
async function startOpener(): Promise<Opener> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', openerScript], { cwd: repoRoot })
  openers.push(child)
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async (): Promise<string> => {
    const { value, done } = await lines.next()
    if (done) throw new Error(`the opener exited: ${errors}`)
    return value
  }
  const ready = await next()
  if (ready !== 'ready') throw new Error(`the opener said ${ready}: ${errors}`)
  return {
    async openAt(dataDir, at) {
      child.stdin.write(`${JSON.stringify({ dataDir, at })}\n`)
      const answer = await next()
      const done = await next()
      return done === 'done' ? answer : `${answer}\n${done}\n${errors}`
    },
    end: () => child.stdin.end(),
  }
}

// The tests run side by side, each on folders of its own (the kill -9 restarts, one after another, take longest),
// so each may wait longer for its processes than alone: the timeouts are generous.
describe.skipIf(isHosted)(`one server per data folder ${embeddedOnly}`, { concurrent: true }, () => {
  it('of four processes opening one folder at the same instant, exactly one gets it (5 tries)', async () => {
    const four = await Promise.all(Array.from({ length: 4 }, () => startOpener()))
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        const dataDir = await folder()
        const at = Date.now() + 1000 // every process is loaded and waiting: it only has to read its line
        const results = await Promise.all(four.map((opener) => opener.openAt(dataDir, at)))
        expect(
          results.filter((result) => result === 'opened'),
          results.join('\n'),
        ).toHaveLength(1)
        for (const result of results.filter((r) => r !== 'opened')) expect(result).toContain(`The data folder ${dataDir} is in use by process`)
      }
    } finally {
      for (const opener of four) opener.end()
    }
  }, 240_000)

  it('of two servers started at the same moment on one folder, one runs and the other refuses, naming the folder and the holder (3 tries)', async () => {
    // The tries side by side, each on its folder: a server's start is mostly waiting on its processes.
    await Promise.all(
      [0, 1, 2].map(async (attempt) => {
        const dataDir = await folder()
        const pair = [spawnServer(dataDir), spawnServer(dataDir)]
        const urls = await Promise.all(pair.map((server) => server.started))
        const running = pair.filter((_, i) => urls[i])
        const refused = pair.filter((_, i) => !urls[i])
        try {
          expect(running, `attempt ${attempt}: ${pair.map((s) => s.output()).join('\n---\n')}`).toHaveLength(1)
          expect(await refused[0]!.exited).not.toBe(0)
          const message = refused[0]!.output()
          expect(message).toContain(dataDir)
          expect(message).toContain(`process ${running[0]!.child.pid}`)
        } finally {
          await Promise.all(pair.map((server) => stop(server)))
        }
      }),
    )
  }, 240_000)

  it('a start on a port another server holds says so in one line, with what to do, and exits 1', async () => {
    const running = await startServerProcess(await folder())
    try {
      const port = new URL(running.url).port
      const second = spawnServer(await folder(), { PORT: port })
      expect(await second.started).toBeNull()
      expect(await second.exited).toBe(1)
      expect(second.output()).toContain(`Port ${port} on 127.0.0.1 is already in use by another process`)
      expect(second.output()).toContain('set PORT to a free port')
      expect(second.output(), 'no stack trace').not.toMatch(/^\s+at /m)
    } finally {
      await stop(running)
    }
  }, 120_000)

  it('a restart right after kill -9 is never refused (5 tries)', async () => {
    const dataDir = await folder()
    let server = await startServerProcess(dataDir)
    for (let attempt = 0; attempt < 5; attempt++) {
      // No waiting for the killed process to be reaped: the operator's `kill -9; npm start`.
      server.child.kill('SIGKILL')
      server = await startServerProcess(dataDir) // throws with the refusal if the lock outlived the process
    }
    await stop(server)
  }, 240_000)
})

describe.skipIf(isHosted)(`data folder permissions ${embeddedOnly}`, { concurrent: true }, () => {
  it('repairs a world-readable folder at start: folder and subfolders 0700, files 0600, unreadable to other users', async () => {
    const dataDir = await folder()
    // What earlier versions left behind: 0666 files (the WAL included) in 0755 folders.
    await chmodTree(dataDir, 0o755, 0o666)
    expect((await modes(dataDir)).filter(({ mode }) => mode & 0o077).length).toBeGreaterThan(900)

    const server = await startServerProcess(dataDir)
    try {
      const exposed = (await modes(dataDir)).filter(({ mode }) => mode & 0o077)
      expect(exposed).toEqual([])
      expect((await stat(dataDir)).mode & 0o777).toBe(0o700)
      // The attack itself, when the suite runs as root: read the WAL as the `nobody` user.
      if (process.getuid?.() === 0) {
        const wal = join(dataDir, 'pgdata', 'pg_wal')
        const read = spawnSync('setpriv', ['--reuid=65534', '--regid=65534', '--clear-groups', 'sh', '-c', `cat ${wal}/0* | wc -c`], {
          encoding: 'utf8',
        })
        expect(read.stderr).toMatch(/Permission denied/)
        expect(read.stdout.trim()).toBe('0')
      }
    } finally {
      await stop(server)
    }
    // A clean stop leaves no file open to others either (files Postgres made while running included).
    expect((await modes(dataDir)).filter(({ mode }) => mode & 0o077)).toEqual([])
  }, 240_000)
})

async function modes(dir: string): Promise<{ path: string; mode: number }[]> {
  const found = [{ path: dir, mode: (await stat(dir)).mode & 0o777 }]
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name)
    found.push({ path, mode: (await stat(path)).mode & 0o777 })
  }
  return found
}

async function chmodTree(dir: string, dirMode: number, fileMode: number): Promise<void> {
  await chmod(dir, dirMode)
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    await chmod(join(entry.parentPath, entry.name), entry.isDirectory() ? dirMode : fileMode)
  }
}
