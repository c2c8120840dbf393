import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../lib/database.types'
import { useEffect, useState } from 'react'

/**
 * Whether the signed-in user is staff, asked of the server's is_staff() function
 * (supabase/migrations/*_staff_and_policies.sql). Signing up does not make anyone staff; row-level
 * security refuses their writes anyway, this only lets the panel say so instead of failing on save.
 * null while the answer is on its way.
 */
export function useIsStaff(supabase: SupabaseClient<Database>, userId: string): boolean | null {
  const [isStaff, setIsStaff] = useState<boolean | null>(null)
  useEffect(() => {
    let active = true
    setIsStaff(null)
    void supabase.rpc('is_staff').then(({ data, error }) => {
      if (active) setIsStaff(!error && data === true)
    })
    return () => {
      active = false
    }
  }, [supabase, userId])
  return isStaff
}
