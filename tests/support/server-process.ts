// `npm start` as a child process (src/host/start.ts on port 0, no build): for the contract tests that need a
// real process (kill -9, two servers on one folder, file modes, what the console prints) and for each
// end-to-end worker's server (tests/e2e/fixtures.ts).
import { spawn, type ChildProcess } from 'node:child_process'

const repoRoot = new URL('../../', import.meta.url).pathname

export interface ServerProcess {
  child: ChildProcess
  /** Everything printed so far, stdout and stderr interleaved. */
  output(): string
  /** The URL once its start is complete (the demo account made, the last line printed), or null if the process exits first. */
  started: Promise<string | null>
  exited: Promise<number | null>
}

const spawned: ChildProcess[] = []

/** `root`: another copy of the repository to start (a test that changes its files: a bad migration). */
export function spawnServer(dataDir: string, env: Record<string, string> = {}, root = repoRoot): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/host/start.ts'], {
    cwd: root,
    // No scheduled backups unless a test asks for them: a server that lives past the first delay would write
    // one beside its data folder, costing the run CPU for nothing.
    env: { ...process.env, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', SKIP_BUILD: '1', BACKUP_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  spawned.push(child)
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const started = new Promise<string | null>((resolve) => {
    let listening = false
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = listening ? null : /running at (http:\/\/\S+)[\s\S]*\/backend\.json\n/.exec(output)
      if (match) {
        listening = true
        resolve(match[1]!)
      }
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then(() => resolve(null))
  })
  return { child, output: () => output, started, exited }
}

/** Starts a server and waits until it listens; throws with its output if it exits instead. */
export async function startServerProcess(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess & { url: string }> {
  const server = spawnServer(dataDir, env)
  const url = await server.started
  if (!url) throw new Error(`server exited before listening:\n${server.output()}`)
  return { ...server, url }
}

export async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  await server.exited
}

/** For afterAll: no child outlives its test file. */
export function killAll(): void {
  for (const child of spawned) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
}
