import { useEffect, useState } from 'react'
import { useAdmin } from '../context'

/** The session's access token, kept current as supabase-js refreshes it ('' while there is none). */
export function useAccessToken(): string {
  const { supabase } = useAdmin()
  const [token, setToken] = useState('')
  useEffect(() => {
    void supabase.auth.getSession().then(({ data }) => setToken(data.session?.access_token ?? ''))
    const { data } = supabase.auth.onAuthStateChange((_event, session) => setToken(session?.access_token ?? ''))
    return () => data.subscription.unsubscribe()
  }, [supabase])
  return token
}
