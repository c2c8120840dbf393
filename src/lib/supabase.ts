/**
 * The one Supabase client of the admin (docs/decisions/0008-supabase-backend-and-embedded-server.md). It points at hosted Supabase
 * when VITE_SUPABASE_URL / VITE_SUPABASE_ANON_KEY are set at build time; otherwise at the embedded backend
 * that `npm start` serves on the page's own origin, which publishes its address and anon key at
 * /backend.json. That lookup is why the client is handed out asynchronously.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from './database.types'

interface BackendConfig {
  url: string
  anonKey: string
}

let client: Promise<SupabaseClient<Database>> | undefined

async function backendConfig(): Promise<BackendConfig> {
  const url = import.meta.env.VITE_SUPABASE_URL as string | undefined
  const anonKey = import.meta.env.VITE_SUPABASE_ANON_KEY as string | undefined
  if (url && anonKey) return { url, anonKey }
  const res = await fetch('/backend.json', { headers: { accept: 'application/json' } })
  if (!res.ok) throw new Error(`No se pudo leer /backend.json (${res.status})`)
  const body = (await res.json()) as Partial<BackendConfig>
  if (!body.url || !body.anonKey) throw new Error('/backend.json no trae url y anonKey')
  // A relative or same-origin URL keeps working behind any host name the site is served under.
  return { url: new URL(body.url, window.location.origin).toString().replace(/\/$/, ''), anonKey: body.anonKey }
}

/**
 * Session handling as supabase-js documents it for browsers: the session lives in localStorage and is
 * refreshed before it expires. In a browser, auth-js itself stops the refresh timer while the tab is
 * hidden and restarts it (recovering the session) when the tab is visible again; calling
 * startAutoRefresh()/stopAutoRefresh() by hand is only meant for platforms without visibility events and
 * would remove that built-in handler, so it is deliberately not done here.
 */
async function create(): Promise<SupabaseClient<Database>> {
  const { url, anonKey } = await backendConfig()
  return createClient<Database>(url, anonKey, {
    auth: {
      persistSession: true,
      storage: window.localStorage,
      autoRefreshToken: true,
      detectSessionInUrl: true,
    },
  })
}

export function getSupabase(): Promise<SupabaseClient<Database>> {
  client ??= create().catch((error: unknown) => {
    // Let a later call retry (the server may have been starting up).
    client = undefined
    throw error
  })
  return client
}
