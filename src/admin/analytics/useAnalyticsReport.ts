import { useRows } from '../shared/useRows'
import { previousPeriod, type Period } from './period'
import { readReport, type AnalyticsReport } from './report'

export interface ReportPair {
  current: AnalyticsReport
  /** The same number of days right before, for the comparison. */
  previous: AnalyticsReport
}

/**
 * The period's report and the previous period's, asked for together (public.analytics_report, staff only),
 * through the admin's one loader (useRows: its loading state, its failure toast, a slower answer for an older
 * period never shown). Null while loading, when it failed, or when there is no valid period.
 */
export function useAnalyticsReport(period: Period | null) {
  const key = period ? `${period.from}/${period.to}` : ''
  const { rows, loading, reload } = useRows<ReportPair>(
    `analytics:${key}`,
    async (supabase) => {
      if (!period) return { data: [], error: null }
      const before = previousPeriod(period)
      const [current, previous] = await Promise.all([
        supabase.rpc('analytics_report', { p_from: period.from, p_to: period.to }),
        supabase.rpc('analytics_report', { p_from: before.from, p_to: before.to }),
      ])
      const error = current.error ?? previous.error
      if (error) return { data: null, error }
      return { data: [{ current: readReport(current.data), previous: readReport(previous.data) }], error: null }
    },
    { title: 'Error al cargar la analítica' },
  )
  return { report: rows[0] ?? null, loading: loading && period !== null, reload }
}
