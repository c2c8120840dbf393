// `npm start` as its own process for a benchmark (on a temporary data folder, port 0, no build), so the
// load generator never shares the server's event loop. Resolves once the demo staff account exists.
import { spawn, type ChildProcess } from 'node:child_process'

export interface BenchServer {
  child: ChildProcess
  url: string
}

export async function startBenchServer(
  root: string,
  dataDir: string,
  staff: { email: string; password: string },
  env: Record<string, string> = {},
  /** Modules loaded into the server before it starts (the site bench's probe, which talks over IPC). */
  preload: string[] = [],
): Promise<BenchServer> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SKIP_BUILD: '1',
      DEMO_STAFF_EMAIL: staff.email,
      DEMO_STAFF_PASSWORD: staff.password,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', ...(preload.length ? (['ipc'] as const) : [])],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /running at (http:\/\/\S+)/.exec(output)
      // The demo account is made right after the server starts listening; wait for its line.
      if (match && output.includes('Sign in at')) resolve(match[1]!)
    })
    child.on('exit', (code) => reject(new Error(`server exited with ${code}:\n${output}`)))
  })
  return { child, url }
}
