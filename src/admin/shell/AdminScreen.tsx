import { useEffect } from 'react'
import { goToAuth } from '../navigation'
import { useAuthState } from '../session'
import { AdminPanel } from './AdminPanel'
import { LoadingScreen, UnavailableScreen } from './StatusScreens'
import type { SeoCatalog } from '../seo/seoPages'

/**
 * /admin: "Cargando..." during the session check, then the panel; without a user (now
 * or after any later auth change) it sends the visitor to /auth.
 */
export default function AdminScreen({ seo }: { seo: SeoCatalog }) {
  const auth = useAuthState()

  useEffect(() => {
    if (auth.status === 'signed-out') void goToAuth()
  }, [auth.status])

  if (auth.status === 'unavailable') return <UnavailableScreen message={auth.message} />
  if (auth.status !== 'signed-in') return <LoadingScreen />
  return <AdminPanel key={auth.session.user.id} supabase={auth.supabase} user={auth.session.user} seo={seo} />
}
