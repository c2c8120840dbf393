import type { SupabaseClient } from '@supabase/supabase-js'
import { useCallback, useEffect, useState } from 'react'
import type { Database } from '../../lib/database.types'

/**
 * How many leads are still «nuevo» (unread), for the tab's badge and the dashboard; null while unknown
 * or for an account that may not read leads. Read again when the window regains focus, so a lead that
 * arrived while staff were elsewhere shows up, and after every change the tab makes (refresh).
 */
export function useNewLeadCount(supabase: SupabaseClient<Database>, enabled: boolean) {
  const [count, setCount] = useState<number | null>(null)

  const refresh = useCallback(async () => {
    if (!enabled) return
    const { count: n, error } = await supabase.from('leads').select('*', { count: 'exact', head: true }).eq('status', 'nuevo')
    // A failed count keeps the last known one: the tab itself reports load errors.
    if (!error) setCount(n ?? 0)
  }, [supabase, enabled])

  useEffect(() => {
    void refresh()
    const onFocus = () => void refresh()
    window.addEventListener('focus', onFocus)
    return () => window.removeEventListener('focus', onFocus)
  }, [refresh])

  return { count: enabled ? count : null, refresh }
}
