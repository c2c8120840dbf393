import type { PostgrestError, SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'

export type RowsQuery<T> = (supabase: SupabaseClient<Database>) => PromiseLike<{ data: T[] | null; error: PostgrestError | null }>

/**
 * Loads a list and reloads it on demand; every tab's list goes through here, so each has the same
 * loading state and the same failure toast (its title, with the server's message).
 * `key` names what is loaded: when it changes (another page selected, say) the list is fetched again.
 * `failure.description` replaces the server's message where a fixed text helps staff more.
 */
export function useRows<T>(key: string, query: RowsQuery<T>, failure: { title: string; description?: string }) {
  const { supabase } = useAdmin()
  const [rows, setRows] = useState<T[]>([])
  const [loading, setLoading] = useState(true)
  const queryRef = useRef(query)
  queryRef.current = query
  const latest = useRef(0)

  const reload = useCallback(async () => {
    const call = ++latest.current
    setLoading(true)
    const { data, error } = await queryRef.current(supabase)
    // A slower answer for a previous key must not overwrite the current one.
    if (call !== latest.current) return
    if (error) {
      toast({ title: failure.title, description: failure.description ?? describeError(error), variant: 'destructive' })
      setRows([])
    } else {
      setRows(data ?? [])
    }
    setLoading(false)
  }, [supabase, failure.title, failure.description])

  useEffect(() => {
    void reload()
  }, [reload, key])

  return { rows, loading, reload }
}
