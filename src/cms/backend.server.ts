/**
 * Where the public site reads the CMS, and the supabase-js client it reads with: the anonymous key, so
 * row-level security, not this code, decides that no draft is ever read (docs/decisions/0020-live-publishing.md).
 *
 * - `npm start` passes its own embedded backend with `setCmsBackend` (src/host/start.ts).
 * - Otherwise (a build, or a server in front of hosted Supabase) the configuration says: SUPABASE_URL /
 *   SUPABASE_ANON_KEY, or the VITE_SUPABASE_* pair the admin is built with (src/config.server.ts).
 * - With none of these a build prerenders the site from its files alone: an empty blog, the default menu,
 *   no overrides (it says so once). `npm start` then serves live content anyway.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { config } from '../config.server.ts'
import type { Database } from '../lib/database.types.ts'

export interface CmsBackend {
  url: string
  anonKey: string
}

// The server's copy of this module and the one bundled into the build's server code (which renders the
// pages in the same process) are two module instances: the backend given by the server is kept where both
// see it, under a registered symbol.
const GIVEN = Symbol.for('agencia-web.cmsBackend')
const given = globalThis as { [GIVEN]?: CmsBackend }

/** Makes the public pages of this process read the CMS from `backend` (the embedded one of `npm start`); null: from the configuration. */
export function setCmsBackend(backend: CmsBackend | null): void {
  given[GIVEN] = backend ? { url: backend.url.replace(/\/+$/, ''), anonKey: backend.anonKey } : undefined
}

export function cmsBackend(): CmsBackend | null {
  if (given[GIVEN]) return given[GIVEN]
  const env = config()
  const pairs: [string | undefined, string | undefined][] = [
    [env.SUPABASE_URL, env.SUPABASE_ANON_KEY],
    [env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY],
  ]
  const found = pairs.find(([url, key]) => url && key)
  return found ? { url: found[0]!, anonKey: found[1]! } : null
}

/** The configured backend did not answer (or refused a read): a build stops with this one message. */
export class CmsError extends Error {
  constructor(url: string, detail: string) {
    super(
      `No se puede leer el CMS en ${url}: ${detail}. ` +
        'Arranca el backend o corrige SUPABASE_URL / SUPABASE_ANON_KEY (sin ellos, la compilación usa solo los ficheros de content/).',
    )
    this.name = 'CmsError'
  }
}

let cached: { key: string; client: SupabaseClient<Database> } | undefined
let warned = false

/** The anonymous client, or null when no backend is configured. */
export function cmsClient(): SupabaseClient<Database> | null {
  const backend = cmsBackend()
  if (!backend) {
    if (!warned)
      console.warn(
        '[cms] Sin backend configurado (SUPABASE_URL / SUPABASE_ANON_KEY): se prerenderiza solo el contenido de content/; npm start sirve después el del CMS en vivo.',
      )
    warned = true
    return null
  }
  const key = `${backend.url} ${backend.anonKey}`
  if (cached?.key !== key) {
    const client = createClient<Database>(backend.url, backend.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      // Node 20 has no global WebSocket; supabase-js wants one even when realtime is unused.
      realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
    })
    cached = { key, client }
  }
  return cached.client
}

/** The client a preview reads with: the staff member's own token, so their rights decide. */
export function cmsClientFor(accessToken: string): SupabaseClient<Database> | null {
  const backend = cmsBackend()
  if (!backend) return null
  return createClient<Database>(backend.url, backend.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: `Bearer ${accessToken}` } },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}

/** The data of a PostgREST answer, or a CmsError naming the backend and what was being read. */
export function rows<R extends { data: unknown; error: { message: string } | null }>(result: R, what: string): Extract<R, { error: null }>['data'] {
  if (result.error) throw new CmsError(cmsBackend()?.url ?? '(sin backend)', `${what}: ${result.error.message}`)
  return result.data
}

/** What the site cannot render (a row, or one block of a page) is skipped, never fatal: the warning names the row and the reason. */
export function skipRow(table: string, row: unknown, reason: string): void {
  const r = (row ?? {}) as Record<string, unknown>
  const show = (key: string) => (typeof r[key] === 'string' || typeof r[key] === 'number' ? [`${key}=${r[key]}`] : [])
  const name = [...show('id'), ...show('slug')].join(', ')
  console.warn(`[cms] ${table} (${name || 'sin id'}): ${reason.replace(/\.$/, '')}. No se muestra.`)
}
