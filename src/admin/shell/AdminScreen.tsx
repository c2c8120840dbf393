import { useEffect } from 'react'
import { goToAuth } from '../navigation'
import { useAuthState } from '../session'
import { AdminPanel } from './AdminPanel'
import { LoadingScreen, UnavailableScreen } from './StatusScreens'
import { useSecondFactor } from '../twoFactor/useSecondFactor'
import type { SeoCatalog } from '../seo/seoPages'

/**
 * /admin: "Cargando..." during the session check, then the panel; without a user, or with a session that
 * still owes its two-factor code (now or after any later auth change), it sends the visitor to /auth.
 */
export default function AdminScreen({ seo }: { seo: SeoCatalog }) {
  const auth = useAuthState()
  const secondFactor = useSecondFactor(auth)

  useEffect(() => {
    if (auth.status === 'signed-out' || secondFactor.state === 'needed') void goToAuth()
  }, [auth.status, secondFactor.state])

  if (auth.status === 'unavailable') return <UnavailableScreen message={auth.message} />
  if (auth.status !== 'signed-in' || secondFactor.state !== 'passed') return <LoadingScreen />
  return <AdminPanel key={auth.session.user.id} supabase={auth.supabase} user={auth.session.user} seo={seo} />
}
