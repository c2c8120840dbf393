/**
 * Where the public site reads the CMS, and the supabase-js client it reads with: the anonymous key, so
 * row-level security, not this code, decides that no draft is ever read (docs/decisions/0020-live-publishing.md).
 *
 * - `npm start` points it at its own embedded backend (CMS_URL / CMS_ANON_KEY, set by src/server/main.ts).
 * - A build or a server in front of hosted Supabase uses SUPABASE_URL / SUPABASE_ANON_KEY, or the
 *   VITE_SUPABASE_* pair the admin is built with.
 * - With none of these a build prerenders the site from its files alone: an empty blog, the default menu,
 *   no overrides (it says so once). `npm start` then serves live content anyway.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import WebSocket from 'ws'

export interface CmsBackend {
  url: string
  anonKey: string
}

export function cmsBackend(env: NodeJS.ProcessEnv = process.env): CmsBackend | null {
  const pairs: [string | undefined, string | undefined][] = [
    [env.CMS_URL, env.CMS_ANON_KEY],
    [env.SUPABASE_URL, env.SUPABASE_ANON_KEY],
    [env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY],
  ]
  const found = pairs.find(([url, key]) => url && key)
  return found ? { url: found[0]!.replace(/\/+$/, ''), anonKey: found[1]! } : null
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
