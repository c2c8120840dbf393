// An Edge Function of supabase/functions served by Deno (the `deno` npm package's binary), with the
// environment a hosted project gives its functions, pointed at a target: how the contract tests run the
// code a hosted project deploys. Deno fetches the function's npm imports from the registry on first use.
import { spawn } from 'node:child_process'
import { join } from 'node:path'
import type { Target } from './target.ts'

const repoRoot = new URL('../../', import.meta.url).pathname

export interface EdgeFunction {
  url: string
  close(): Promise<void>
}

export async function serveEdgeFunction(name: string, target: Target): Promise<EdgeFunction> {
  const folder = join(repoRoot, 'supabase', 'functions', name)
  const deno = join(repoRoot, 'node_modules', '.bin', 'deno')
  const child = spawn(
    deno,
    ['run', '--check', '--no-lock', '--allow-net', '--allow-env', '--config', join(folder, 'deno.json'), join(folder, 'index.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        SUPABASE_URL: target.url,
        SUPABASE_ANON_KEY: target.anonKey,
        SUPABASE_SERVICE_ROLE_KEY: target.serviceRoleKey,
        // Where Deno.serve() listens when given no port: any free one on the loopback.
        DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0',
        NO_COLOR: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Listening on (http:\/\/\S+?)\/?\s/.exec(output)
      if (match) resolve(match[1]!)
    }
    child.stdout.on('data', onData)
    child.stderr.on('data', onData)
    void exited.then(() => reject(new Error(`deno exited before serving ${name}:\n${output}`)))
  })
  return {
    url,
    async close() {
      child.kill()
      await exited
    },
  }
}
