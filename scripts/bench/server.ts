// `npm start` as its own process for a benchmark (on a temporary data folder, port 0, no build), so the
// load generator never shares the server's event loop. Resolves once the demo staff account exists.
import { spawn, type ChildProcess } from 'node:child_process'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import type { Database } from '../../src/lib/database.types.ts'

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
  const child = spawn(process.execPath, ['--import', 'tsx', ...preload.flatMap((file) => ['--import', file]), 'src/host/start.ts'], {
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

/** The server's anon key and a supabase-js client signed in as the bench's staff account. */
export async function signInStaff(
  url: string,
  staff: { email: string; password: string },
): Promise<{ anonKey: string; client: SupabaseClient<Database> }> {
  const { anonKey } = (await (await fetch(`${url}/backend.json`)).json()) as { anonKey: string }
  const client = createClient<Database>(url, anonKey, {
    auth: { persistSession: false },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
  const signedIn = await client.auth.signInWithPassword(staff)
  if (signedIn.error) throw new Error(signedIn.error.message)
  return { anonKey, client }
}
