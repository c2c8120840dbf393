import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import { useEffect, useState } from 'react'

/** One of the server's yes/no questions about the signed-in user; null while the answer is on its way. */
function useServerCheck(supabase: SupabaseClient<Database>, check: 'is_staff' | 'is_admin', userId: string): boolean | null {
  const [answer, setAnswer] = useState<boolean | null>(null)
  useEffect(() => {
    let active = true
    setAnswer(null)
    void supabase.rpc(check).then(({ data, error }) => {
      if (active) setAnswer(!error && data === true)
    })
    return () => {
      active = false
    }
  }, [supabase, check, userId])
  return answer
}

/**
 * Whether the signed-in user is staff, asked of the server's is_staff() function
 * (supabase/migrations/*_staff_and_policies.sql). Signing up does not make anyone staff; row-level
 * security refuses their writes anyway, this only lets the panel say so instead of failing on save.
 * null while the answer is on its way.
 */
export function useIsStaff(supabase: SupabaseClient<Database>, userId: string): boolean | null {
  return useServerCheck(supabase, 'is_staff', userId)
}

/**
 * Whether the signed-in user is an admin of the team (is_admin()), which decides whether the Equipo tab is
 * shown. Only a courtesy: row-level security and the invitation function refuse anyone else.
 */
export function useIsAdmin(supabase: SupabaseClient<Database>, userId: string): boolean {
  return useServerCheck(supabase, 'is_admin', userId) === true
}
