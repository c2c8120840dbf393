// One server per data folder. PGlite is a single-process database: two processes writing one folder lose
// acknowledged writes. The guard is an exclusive lock the operating system holds for us on
// `<dataDir>/backend.lock` (fcntl open-file-description locks on Linux, flock on macOS, LockFileEx on
// Windows, through fs-native-extensions): taking it is one atomic system call, so two processes starting at
// the same instant cannot both win, and the kernel drops it the moment its holder dies, so a restart right
// after kill -9 is never refused and no stale-lock guessing (pid checks, timeouts) is needed.
// The file's content only names the holder for the refusal message; it is never what decides.
import { tryLock } from 'fs-native-extensions'
import { closeSync, ftruncateSync, openSync, readFileSync, writeSync } from 'node:fs'
import { hostname } from 'node:os'
import { join } from 'node:path'
import { isProcessAlive } from './processAlive.ts'

export interface DataLock {
  release(): void
}

interface Holder {
  pid: number
  host: string
  since: string
  command: string
}

export class DataDirInUse extends Error {
  constructor(dataDir: string, holder: Holder | null) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host} (${holder.command}, since ${holder.since})`
      : 'another process (it has not written its name yet)'
    super(`The data folder ${dataDir} is in use by ${who}. Stop that server first, or set DATA_DIR to another folder.`)
  }
}

/** Takes the folder's lock or throws DataDirInUse at once; the folder must exist. */
export function lockDataDir(dataDir: string): DataLock {
  const path = join(dataDir, 'backend.lock')
  const fd = openSync(path, 'a+', 0o600)
  if (!tryLock(fd)) {
    closeSync(fd)
    throw new DataDirInUse(dataDir, readHolder(path))
  }
  const holder: Holder = {
    pid: process.pid,
    host: hostname(),
    since: new Date().toISOString(),
    command: process.argv.slice(1).join(' ') || 'node',
  }
  ftruncateSync(fd, 0)
  writeSync(fd, JSON.stringify(holder))
  // Closing the descriptor releases the lock. The file stays: deleting it would let a process that opened
  // the old file and one that creates a new one each hold "the" lock.
  return {
    release: () => {
      // A clean stop leaves no name behind, so a later refusal never names a process that let go.
      ftruncateSync(fd, 0)
      closeSync(fd)
    },
  }
}

/**
 * The holder writes its name just after taking the lock; a refusal that comes in between waits for it. The
 * file may still name an earlier holder that died without clearing it (kill -9): a name whose process is
 * gone from this host is waited past too.
 */
function readHolder(path: string): Holder | null {
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      const holder = JSON.parse(readFileSync(path, 'utf8')) as Holder
      if (holder.host !== hostname() || isProcessAlive(holder.pid)) return holder
    } catch {
      // Not written yet.
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20) // the process is about to exit anyway
  }
  return null
}
