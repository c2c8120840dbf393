import { navigate } from 'vike/client/router'

/**
 * /auth and /admin share vike-react's client runtime, so moving between them is a client-side
 * navigation (and a success toast survives it). The public site is HTML-only pages without that
 * runtime, so leaving for it is a full page load.
 */
let leavingForSite = false

export const goToAdmin = () => navigate('/admin')

/** Where /admin sends a visitor without a session, unless they are on their way to the site. */
export const goToAuth = () => (leavingForSite ? undefined : navigate('/auth'))

/** "Cerrar Sesión": sign out, then go to the home page (not to /auth, which the sign-out would trigger). */
export async function signOutToSite(signOut: () => Promise<unknown>): Promise<void> {
  leavingForSite = true
  await signOut()
  window.location.assign('/')
}
