import type { Session, SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import { useEffect, useState } from 'react'
import { getSupabase } from '../lib/supabase'

export type AuthState =
  | { status: 'loading' }
  | { status: 'unavailable'; message: string }
  | { status: 'signed-out'; supabase: SupabaseClient<Database> }
  | { status: 'signed-in'; supabase: SupabaseClient<Database>; session: Session }

/**
 * The current session and every later change to it (sign-in in another tab, expiry, sign-out).
 * Both /auth and /admin decide where to send the visitor from this.
 */
export function useAuthState(): AuthState {
  const [state, setState] = useState<AuthState>({ status: 'loading' })

  useEffect(() => {
    let unsubscribe = () => {}
    let active = true
    getSupabase().then(
      async (supabase) => {
        const apply = (session: Session | null) => {
          if (active) setState(session ? { status: 'signed-in', supabase, session } : { status: 'signed-out', supabase })
        }
        const { data } = await supabase.auth.getSession()
        apply(data.session)
        // The callback must not await other supabase calls (auth-js holds a lock while it runs).
        const { data: listener } = supabase.auth.onAuthStateChange((_event, session) => apply(session))
        unsubscribe = () => listener.subscription.unsubscribe()
        if (!active) unsubscribe()
      },
      (error: unknown) => {
        if (active) setState({ status: 'unavailable', message: error instanceof Error ? error.message : String(error) })
      },
    )
    return () => {
      active = false
      unsubscribe()
    }
  }, [])

  return state
}
