// PostgREST as a child of the server (what `npm start` runs): restarted when it dies, with 503 in PostgREST's
// error shape while it is down; never outliving the server, not even a `kill -9` of it; and no token in
// what it logs through the server. Decision 0025.
import { chmod, readFile, rm, writeFile } from 'node:fs/promises'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { findPostgrest } from '../../src/backend/postgrest.ts'
import { killAll, startServerProcess, stop } from '../support/server-process.ts'
import { embeddedOnly, freshDataDir, isHosted, tmpRoot } from './target.ts'

const folders: string[] = []
afterAll(async () => {
  killAll()
  for (const folder of folders) await rm(folder, { recursive: true, force: true })
})

/** Linux /proc: the children of `pid` (state Z, a zombie waiting for its reaper, counts as gone). */
function children(pid: number): number[] {
  const found: number[] = []
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    const stat = readProc(Number(entry))
    if (stat && stat.ppid === pid && stat.state !== 'Z') found.push(Number(entry))
  }
  return found
}

function readProc(pid: number): { ppid: number; state: string; command: string } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const close = stat.lastIndexOf(')')
    const [state = '', ppid = '0'] = stat.slice(close + 2).split(' ')
    return { ppid: Number(ppid), state, command: readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ') }
  } catch {
    return null
  }
}

const alive = (pid: number) => {
  const stat = readProc(pid)
  return stat !== null && stat.state !== 'Z'
}

/** The PostgREST binary under the server's watchdog shell. */
function postgrestOf(serverPid: number): number {
  for (const shell of children(serverPid)) {
    for (const child of children(shell)) if (readProc(child)?.command.includes('postgrest.conf')) return child
  }
  throw new Error(`no PostgREST under process ${serverPid}`)
}

async function until(condition: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((resolve) => setTimeout(resolve, 50))) {
    if (await condition()) return true
  }
  return condition()
}

async function anonKey(dataDir: string): Promise<string> {
  return (JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { anonKey: string }).anonKey
}

describe.skipIf(isHosted || process.platform !== 'linux')(`PostgREST child process ${embeddedOnly}`, () => {
  it('is restarted when it dies; requests while it is down get 503 in its error shape', async () => {
    // A PostgREST that refuses to start while a flag file exists: the outage lasts as long as the test wants.
    const flag = join(tmpRoot, `down-${crypto.randomUUID()}`)
    const wrapper = join(tmpRoot, `postgrest-${crypto.randomUUID()}.sh`)
    await writeFile(wrapper, `#!/bin/sh\nif [ -e '${flag}' ]; then echo 'held down by the test' >&2; exit 1; fi\nexec '${findPostgrest()}' "$@"\n`)
    await chmod(wrapper, 0o700)
    folders.push(wrapper)
    const dataDir = await freshDataDir()
    folders.push(dataDir)
    const server = await startServerProcess(dataDir, { POSTGREST_BIN: wrapper })
    const key = await anonKey(dataDir)
    const read = () => fetch(`${server.url}/rest/v1/blog_tags?select=id&limit=1&apikey=${key}`, { headers: { apikey: key } })
    expect((await read()).status).toBe(200)

    await writeFile(flag, '')
    process.kill(postgrestOf(server.child.pid!), 'SIGKILL')
    const down = await read()
    expect(down.status).toBe(503)
    expect(await down.json()).toEqual({
      code: 'PGRST001',
      details: 'The REST service (PostgREST) is restarting',
      hint: 'Retry in a moment.',
      message: 'Database client error. Retrying the connection.',
    })
    expect(down.headers.get('retry-after')).toBe('1')

    await rm(flag)
    expect(await until(async () => (await read()).status === 200, 15_000)).toBe(true)
    expect(server.output()).toMatch(/\[postgrest\] exited \((SIGKILL|code 137)\); restarting/)
    // Its lines went through the server's log, with no API key or token in them.
    expect(server.output()).toContain('[postgrest]')
    expect(server.output()).not.toContain(key)
    expect(server.output()).not.toMatch(/eyJ[\w-]+\.eyJ/)
    await stop(server)
  }, 60_000)

  it('does not outlive the server, even after kill -9 of it', async () => {
    const dataDir = await freshDataDir()
    folders.push(dataDir)
    const server = await startServerProcess(dataDir)
    const postgrest = postgrestOf(server.child.pid!)
    const watchdog = readProc(postgrest)!.ppid
    // Its private folder of sockets and configuration, from its command line (…/postgrest.conf).
    const runDir = dirname(readProc(postgrest)!.command.trim().split(' ').at(-1)!)
    expect(existsSync(join(runDir, 'postgrest.conf'))).toBe(true)
    expect(alive(postgrest)).toBe(true)
    await stop(server, 'SIGKILL')
    expect(await until(() => !alive(postgrest) && !alive(watchdog), 10_000)).toBe(true)
    // A new server on the same data folder starts, and removes the dead one's private folder.
    const again = await startServerProcess(dataDir)
    expect(existsSync(runDir)).toBe(false)
    const res = await fetch(`${again.url}/rest/v1/blog_tags?select=id&limit=1`, { headers: { apikey: await anonKey(dataDir) } })
    expect(res.status).toBe(200)
    // A clean stop takes its PostgREST down with it as well.
    const second = postgrestOf(again.child.pid!)
    await stop(again)
    expect(await until(() => !alive(second), 10_000)).toBe(true)
  }, 60_000)
})
