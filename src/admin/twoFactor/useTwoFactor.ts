import type { Factor, SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { useCallback, useEffect, useState } from 'react'

export interface TwoFactor {
  /** The signed-in person's verified TOTP factor; null without one, undefined while loading. */
  factor: Factor | null | undefined
  /** Whether an admin requires two-factor of the whole team (public.team_settings; staff read it). */
  required: boolean
  reload: () => Promise<void>
}

/** The signed-in person's two-factor state, asked of the auth server (listFactors reads the user afresh). */
export function useTwoFactor(supabase: SupabaseClient<Database>): TwoFactor {
  const [state, setState] = useState<{ factor: Factor | null | undefined; required: boolean }>({ factor: undefined, required: false })

  const reload = useCallback(async () => {
    const [factors, settings] = await Promise.all([
      supabase.auth.mfa.listFactors(),
      supabase.from('team_settings').select('require_two_factor').maybeSingle(),
    ])
    setState({ factor: factors.data?.totp[0] ?? null, required: settings.data?.require_two_factor === true })
  }, [supabase])

  useEffect(() => {
    void reload()
  }, [reload])

  return { ...state, reload }
}
