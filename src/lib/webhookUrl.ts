// The form a webhook endpoint's URL must have, shared by the admin (an immediate Spanish message) and the
// server (src/host/webhooks/addresses.ts, which also checks the addresses the name resolves to). The database
// checks the same form (supabase/migrations/20261128120000_webhooks.sql, constraint webhook_endpoint_url).

/** What the refusal says to the admin. */
export const URL_REFUSALS = {
  malformed: 'La dirección no es una URL válida.',
  notHttps: 'La dirección debe empezar por https://.',
  credentials: 'La dirección no puede llevar usuario ni contraseña.',
  private: 'La dirección apunta a una red privada, local o reservada: solo se envían avisos a servidores públicos de internet.',
  unresolved: 'No se encuentra ese servidor (el nombre no existe en el DNS).',
} as const

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]'])

/** The URL's form: a reason to refuse it, or null. Plain http only to a loopback name, and only when allowed (tests). */
export function formRefusal(url: string, allowLoopback: boolean): string | null {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return URL_REFUSALS.malformed
  }
  if (/\s/.test(url) || !parsed.hostname) return URL_REFUSALS.malformed
  if (parsed.username || parsed.password) return URL_REFUSALS.credentials
  if (parsed.protocol === 'https:') return null
  if (parsed.protocol === 'http:' && LOOPBACK_NAMES.has(parsed.hostname)) return allowLoopback ? null : URL_REFUSALS.private
  return URL_REFUSALS.notHttps
}
