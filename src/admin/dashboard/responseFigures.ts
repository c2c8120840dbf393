/**
 * The figures of the dashboard's «Tiempo de respuesta», from public.lead_response_times(since): the database
 * counts them, so they stay right however many leads there are.
 */
import type { Database } from '../../lib/database.types'

/** The periods staff can choose, in days. */
export const RESPONSE_PERIODS = [7, 30, 90] as const

type Row = Database['public']['Functions']['lead_response_times']['Returns'][number]

export interface ResponseSummary {
  answered: number
  /** null when nothing was answered in the period. */
  medianSeconds: number | null
  /** Leads whose outcome is known: answered, or overdue and still unanswered. */
  measured: number
  within: number
  /** within / measured; null when nothing is measured yet. */
  share: number | null
}

export function responseSummary(row: Row | undefined): ResponseSummary {
  const answered = Number(row?.answered ?? 0)
  const measured = Number(row?.measured ?? 0)
  const within = Number(row?.within ?? 0)
  return {
    answered,
    medianSeconds: answered && row?.median_seconds != null ? Number(row.median_seconds) : null,
    measured,
    within,
    share: measured ? within / measured : null,
  }
}

/** «45 min», «3 h 20 min», «2 d 4 h»: elapsed time, rounded to the minute. */
export function durationLabel(seconds: number): string {
  const minutes = Math.round(seconds / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}
