// Where the contract suite runs: the embedded backend (started in-process on port 0 with a temporary data
// folder), or a hosted Supabase project when SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY are
// set. Tests talk to either only through @supabase/supabase-js.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../src/lib/database.types'
import { randomUUID } from 'node:crypto'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, inject } from 'vitest'
import ws from 'ws'
import { startServer, type ServerOptions } from '../../src/backend/app.ts'
import { Keys, type SignedClaims } from '../../src/backend/keys.ts'
import { contractServerOptions } from './backend-options.ts'
import { copyOfTemplate, tmpRoot } from '../support/migrated-template.ts'

export interface Target {
  kind: 'embedded' | 'hosted'
  url: string
  anonKey: string
  serviceRoleKey: string
  /** Embedded only: signs a token with the backend's key (to make expired tokens, for instance). */
  signToken?: (claims: SignedClaims) => Promise<string>
  close(): Promise<void>
}

const hostedEnv = {
  url: process.env.SUPABASE_URL,
  anonKey: process.env.SUPABASE_ANON_KEY,
  serviceRoleKey: process.env.SUPABASE_SERVICE_ROLE_KEY,
}
export const isHosted = Boolean(hostedEnv.url && hostedEnv.anonKey && hostedEnv.serviceRoleKey)
export const targetName = isHosted ? `hosted project ${hostedEnv.url}` : 'embedded backend'
/** For tests that only make sense against the embedded backend (its options, its process, its files). */
export const embeddedOnly = isHosted ? 'skipped: SUPABASE_URL is set, this test needs the embedded backend' : ''

if (isHosted) console.info(`[contract] running against the ${targetName}`)
else
  console.info(
    '[contract] running against the embedded backend; set SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY to run against a hosted project',
  )

export { tmpRoot }

/** A fresh data folder, copied from the migrated template. */
export async function freshDataDir(): Promise<string> {
  return copyOfTemplate(join(tmpRoot, `data-${randomUUID()}`))
}

export async function startTarget(options: Partial<ServerOptions> = {}): Promise<Target> {
  if (isHosted) {
    return { kind: 'hosted', url: hostedEnv.url!, anonKey: hostedEnv.anonKey!, serviceRoleKey: hostedEnv.serviceRoleKey!, close: async () => {} }
  }
  const dataDir = await freshDataDir()
  const server = await startServer(contractServerOptions(dataDir, options))
  return {
    kind: 'embedded',
    url: server.url,
    anonKey: server.keys.anonKey,
    serviceRoleKey: server.keys.serviceRoleKey,
    signToken: (claims) => server.keys.sign(claims),
    async close() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * The backend this Vitest worker's files share (global-setup.ts starts one per worker, so two files running at
 * once never share one): for a file that needs no server options of its own and no fresh database, that
 * names what it adds uniquely and reads only what it added, as against a hosted project. Closing it is the
 * global setup's (docs/decisions/0053-contract-files-share-a-backend-per-worker.md).
 */
export async function sharedTarget(): Promise<Target> {
  if (isHosted) return startTarget()
  const backend = inject('sharedBackends')[Number(process.env.VITEST_POOL_ID ?? 1) - 1]
  if (!backend) throw new Error(`no shared contract backend for Vitest worker ${process.env.VITEST_POOL_ID}`)
  return runningTarget(backend.dataDir, backend.url)
}

/**
 * A backend that something else started and stops (the worker's shared one, or a server process that
 * tests/support/server-process.ts started on `dataDir`): its keys read from the data folder.
 */
export async function runningTarget(dataDir: string, url: string): Promise<Target> {
  const keys = await Keys.load(dataDir)
  return {
    kind: 'embedded',
    url,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    signToken: (claims) => keys.sign(claims),
    close: async () => {},
  }
}

export function client(target: Target, key = target.anonKey): SupabaseClient<Database> {
  return createClient<Database>(target.url, key, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: ws as never },
  })
}

const runId = randomUUID().slice(0, 8)
const emailDomain = process.env.SUPABASE_TEST_EMAIL_DOMAIN ?? 'example.com'
let counter = 0
/** A unique value per test run, so runs against a hosted project never collide. */
export function unique(prefix: string): string {
  counter += 1
  return `${prefix}-${runId}-${counter}`
}
export function uniqueEmail(prefix: string): string {
  return `${unique(prefix)}@${emailDomain}`.toLowerCase()
}

export interface Account {
  id: string
  email: string
  password: string
  client: SupabaseClient<Database>
}

/** A confirmed account (made with the admin API, service-role key), signed in; staff if asked (an editor unless `role` says). */
export async function account(target: Target, { staff, role = 'editor' }: { staff: boolean; role?: 'admin' | 'editor' }): Promise<Account> {
  const admin = client(target, target.serviceRoleKey)
  const email = uniqueEmail(staff ? 'staff' : 'user')
  const password = `pw-${randomUUID()}`
  const created = await admin.auth.admin.createUser({ email, password, email_confirm: true })
  if (created.error) throw created.error
  const id = created.data.user.id
  if (staff) {
    const { error } = await admin.from('staff').insert({ user_id: id, role })
    if (error) throw error
  }
  const signedIn = client(target)
  const { error } = await signedIn.auth.signInWithPassword({ email, password })
  if (error) throw error
  return { id, email, password, client: signedIn }
}

/** The claims part of a JWT, as a client would read it. */
export function decodeJwt(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>
}

export interface ServerWithRoles {
  target: Target
  anon: SupabaseClient<Database>
  /** Signed in as a member of staff. */
  staff: SupabaseClient<Database>
  service: SupabaseClient<Database>
}

/** For a test file: this worker's shared server (sharedTarget) and clients in three roles. */
export function serverWithRoles(): ServerWithRoles {
  const roles = {} as ServerWithRoles
  beforeAll(async () => {
    roles.target = await sharedTarget()
    roles.anon = client(roles.target)
    roles.staff = (await account(roles.target, { staff: true })).client
    roles.service = client(roles.target, roles.target.serviceRoleKey)
  })
  afterAll(() => roles.target?.close())
  return roles
}

export interface ServerWithTeam {
  target: Target
  admin: Account
  editor: Account
}

/** For a test file: this worker's shared server (sharedTarget) with a new admin and editor of the team, each signed in (aal1). */
export function serverWithTeam(): ServerWithTeam {
  const team = {} as ServerWithTeam
  beforeAll(async () => {
    team.target = await sharedTarget()
    team.admin = await account(team.target, { staff: true, role: 'admin' })
    team.editor = await account(team.target, { staff: true, role: 'editor' })
  })
  afterAll(() => team.target?.close())
  return team
}
