/**
 * Which pages and services bring leads: counted from the leads themselves (each stores the page it was
 * sent from and the service chosen), so the figure needs no cookie and no third-party script. The
 * database counts them (public.lead_counts).
 */
import type { Database } from '../../lib/database.types'

export const STATS_DAYS = 30

export interface Tally {
  key: string
  count: number
}

export interface LeadStats {
  total: number
  byPage: Tally[]
  /** Keyed by service slug; '' for enquiries without a service. */
  byService: Tally[]
}

/** A row of public.lead_counts(since); dimension is 'page' or 'service'. */
export type LeadCountRow = Database['public']['Functions']['lead_counts']['Returns'][number]

/** lead_counts' rows as the dashboard lists them: most leads first, ties in key order. */
export function leadStatsOf(rows: LeadCountRow[]): LeadStats {
  const of = (dimension: 'page' | 'service') =>
    rows
      .filter((r) => r.dimension === dimension)
      .map((r) => ({ key: r.key, count: r.leads }))
      .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key))
  const byPage = of('page')
  return { total: byPage.reduce((sum, t) => sum + t.count, 0), byPage, byService: of('service') }
}

/** The start of the window: the same time of day, STATS_DAYS days ago. */
export function statsSince(now = new Date()): string {
  return new Date(now.getTime() - STATS_DAYS * 24 * 60 * 60 * 1000).toISOString()
}
