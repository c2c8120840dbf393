import { useEffect, useState } from 'react'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { leadStatsOf, statsSince, type LeadStats } from './leadStats'

/** The last 30 days' leads per page and per service; null while loading. */
export function useLeadStats(): LeadStats | null {
  const { supabase } = useAdmin()
  const [stats, setStats] = useState<LeadStats | null>(null)

  useEffect(() => {
    let active = true
    void supabase.rpc('lead_counts', { since: statsSince() }).then(({ data, error }) => {
      if (!active) return
      if (error) toast({ title: 'Error al cargar las estadísticas de contactos', description: describeError(error), variant: 'destructive' })
      setStats(leadStatsOf(data ?? []))
    })
    return () => {
      active = false
    }
  }, [supabase])

  return stats
}
