import { useEffect, useState } from 'react'
import type { AuthState } from '../session'

export type SecondFactor = { state: 'checking' } | { state: 'passed' } | { state: 'needed'; factorId: string }

/**
 * Whether the signed-in session still owes its second factor: the account has a verified TOTP factor and
 * the session is aal1 (signed in with the password only). Asked of auth-js's own assurance check, again
 * whenever the session changes (verifying the code gives a new, aal2 one; a refresh, the same level). The database refuses an aal1
 * session's writes anyway (docs/decisions/0057-two-factor-enforced-by-rls.md); this decides the screens.
 */
export function useSecondFactor(auth: AuthState): SecondFactor {
  const signedIn = auth.status === 'signed-in' ? auth : null
  const [answer, setAnswer] = useState<{ userId: string; value: SecondFactor } | null>(null)

  useEffect(() => {
    if (!signedIn) return
    let active = true
    const { supabase, session } = signedIn
    void supabase.auth.mfa.getAuthenticatorAssuranceLevel().then(({ data }) => {
      if (!active) return
      const factor = session.user.factors?.find((f) => f.factor_type === 'totp' && f.status === 'verified')
      const owed = data?.currentLevel === 'aal1' && data.nextLevel === 'aal2' && factor
      setAnswer({ userId: session.user.id, value: owed ? { state: 'needed', factorId: factor.id } : { state: 'passed' } })
    })
    return () => {
      active = false
    }
  }, [signedIn?.supabase, signedIn?.session]) // eslint-disable-line react-hooks/exhaustive-deps -- signedIn is a new object each render

  // A refreshed session keeps the last answer while it is asked again, so the panel does not blink away.
  if (!signedIn || answer?.userId !== signedIn.session.user.id) return { state: 'checking' }
  return answer.value
}
