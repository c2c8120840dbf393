/**
 * The address of one lead in the admin: `/admin?lead=<id>`. The panel opens the Contactos tab on that
 * lead; a visitor without a session signs in first and lands on it (src/admin/navigation.ts carries the
 * parameter through /auth). A plain module beside the leads' server code: the notification e-mail and the admin
 * both build the link with it.
 */
export const LEAD_PARAM = 'lead'

/** `?lead=<id>`. */
export function leadQuery(id: string): string {
  return `?${new URLSearchParams({ [LEAD_PARAM]: id }).toString()}`
}

/** `/admin?lead=<id>`, the path the panel understands. */
export function leadPath(id: string): string {
  return `/admin${leadQuery(id)}`
}

/** The absolute link for an e-mail, e.g. leadUrl('https://www.example.com', id). */
export function leadUrl(siteUrl: string, id: string): string {
  return new URL(leadPath(id), siteUrl).toString()
}

/** The lead a URL's query names, or null. */
export function leadIdFrom(search: string): string | null {
  return new URLSearchParams(search).get(LEAD_PARAM) || null
}
