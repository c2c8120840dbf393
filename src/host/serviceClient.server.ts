/**
 * The site server's service-role client (bypasses row-level security): server-only, its key never logged.
 * Without a key (a hosted project configured without SUPABASE_SERVICE_ROLE_KEY) every request fails, so
 * leads wait in the spool and e-mails in nobody's queue; the server says so once at start.
 */
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import type { Database } from '../lib/database.types.ts'

export function serviceClient({ url, key }: { url: string; key: string | undefined }) {
  if (!key) console.warn('[leads] SUPABASE_SERVICE_ROLE_KEY is not set: contact-form leads are kept in the data folder until it is.')
  return createClient<Database>(url, key || 'missing-service-role-key', {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  })
}
