// The demo staff account of a fresh data folder: a random password, printed once, kept in
// a 0600 file of the data folder, and no account at all with NODE_ENV=production. Real `npm start` processes
// on empty folders, signed in to through supabase-js.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { killAll, startServerProcess, stop } from '../support/server-process.ts'
import { client, embeddedOnly, isHosted, tmpRoot, type Target } from './target.ts'

const folders: string[] = []
afterAll(async () => {
  killAll()
  for (const dir of folders) await rm(dir, { recursive: true, force: true })
})

async function emptyFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpRoot, 'empty-'))
  folders.push(dir)
  return dir
}

async function signIn(url: string, dataDir: string, email: string, password: string) {
  const keys = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { anonKey: string }
  const target: Target = { kind: 'embedded', url, anonKey: keys.anonKey, serviceRoleKey: '', close: async () => {} }
  const supabase = client(target)
  const { error } = await supabase.auth.signInWithPassword({ email, password })
  return { error, isStaff: error ? false : (await supabase.rpc('is_staff')).data }
}

const noDemoEnv = { DEMO_STAFF_EMAIL: '', DEMO_STAFF_PASSWORD: '', NODE_ENV: '' }

describe.skipIf(isHosted)(`the demo staff account ${embeddedOnly}`, () => {
  it('gets a random password, printed at the first start only and kept in a 0600 file of the data folder', async () => {
    const dataDir = await emptyFolder()
    const first = await startServerProcess(dataDir, noDemoEnv)
    await expect.poll(() => first.output(), { timeout: 30_000 }).toContain('Add your own staff')
    const printed = /email: (\S+)\s+password: (\S+)/.exec(first.output())
    expect(printed).not.toBeNull()
    const [, email, password] = printed!
    expect(password).not.toBe('admin-demo-2025')
    expect(password!.length).toBeGreaterThanOrEqual(16)
    const file = join(dataDir, 'demo-staff.txt')
    expect(first.output()).toContain(`it is kept in ${file}`)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    expect(await readFile(file, 'utf8')).toContain(`password: ${password}`)
    expect(await signIn(first.url, dataDir, email!, password!)).toEqual({ error: null, isStaff: true })
    await stop(first)

    const second = await startServerProcess(dataDir, noDemoEnv)
    await expect.poll(() => second.output(), { timeout: 30_000 }).toContain('Supabase URL and anon key')
    expect(second.output()).not.toContain(password)
    expect(second.output()).toContain(file)
    await stop(second)
  }, 120_000)

  it('is never made with NODE_ENV=production', async () => {
    const dataDir = await emptyFolder()
    const server = await startServerProcess(dataDir, { ...noDemoEnv, NODE_ENV: 'production' })
    await expect.poll(() => server.output(), { timeout: 30_000 }).toContain('Supabase URL and anon key')
    expect(server.output()).toContain('no demo staff account was made')
    expect(server.output()).not.toMatch(/password: \S/)
    await expect(stat(join(dataDir, 'demo-staff.txt'))).rejects.toThrow()
    const { error } = await signIn(server.url, dataDir, 'admin@example.com', 'admin-demo-2025')
    expect(error?.code).toBe('invalid_credentials')
    await stop(server)
  }, 120_000)
})
