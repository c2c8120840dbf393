import { navigate } from 'vike/client/router'
import { leadIdFrom, leadQuery } from '../leads/leadUrl'

/**
 * /auth and /admin share vike-react's client runtime, so moving between them is a client-side
 * navigation (and a success toast survives it). The public site is HTML-only pages without that
 * runtime, so leaving for it is a full page load.
 */
let leavingForSite = false

/**
 * A link to a lead (/admin?lead=<id>) survives the trip through /auth: the visitor signs in and lands on
 * the lead. Only that parameter is carried, and only ever to /admin.
 */
function carriedQuery(): string {
  const lead = leadIdFrom(window.location.search)
  return lead ? leadQuery(lead) : ''
}

export const goToAdmin = () => navigate(`/admin${carriedQuery()}`)

/** Where /admin sends a visitor without a session, unless they are on their way to the site. */
export const goToAuth = () => (leavingForSite ? undefined : navigate(`/auth${carriedQuery()}`))

/** "Cerrar Sesión": sign out, then go to the home page (not to /auth, which the sign-out would trigger). */
export async function signOutToSite(signOut: () => Promise<unknown>): Promise<void> {
  leavingForSite = true
  await signOut()
  window.location.assign('/')
}
