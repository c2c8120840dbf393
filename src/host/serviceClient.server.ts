/**
 * The site server's service-role client (bypasses row-level security): server-only, its key never logged.
 * Without a key (a hosted project configured without SUPABASE_SERVICE_ROLE_KEY) every request fails, so
 * leads wait in the spool and e-mails in nobody's queue; the server says so once at start.
 */
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { currentJobId } from '#src/backend/log.ts'
import type { Database } from '../lib/database.types.ts'

/**
 * A request made by a background job carries the job's run id as x-request-id, so this server's request line
 * names the job that made it (and is debug: the job's own line says what the run did).
 */
const fetchWithJobId: typeof fetch = (input, init) => {
  const jobId = currentJobId()
  if (!jobId) return fetch(input, init)
  const headers = new Headers(init?.headers)
  headers.set('x-request-id', jobId)
  return fetch(input, { ...init, headers })
}

export function serviceClient({ url, key }: { url: string; key: string | undefined }) {
  if (!key) console.warn('[leads] SUPABASE_SERVICE_ROLE_KEY is not set: contact-form leads are kept in the data folder until it is.')
  return createClient<Database>(url, key || 'missing-service-role-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { fetch: fetchWithJobId },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
