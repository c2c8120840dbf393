/**
 * The periods «Analítica» reports on, as Europe/Madrid calendar days (YYYY-MM-DD, both ends included: the
 * days public.analytics_report counts), and the previous period of the same length it compares them with.
 */
import { madridDay } from '../../lib/dates'

export type PresetId = 'today' | '7d' | '30d' | '12m'
export type PeriodChoice = { kind: 'preset'; preset: PresetId } | { kind: 'custom'; from: string; to: string }

export interface Period {
  from: string
  to: string
}

export const presets: { id: PresetId; label: string }[] = [
  { id: 'today', label: 'Hoy' },
  { id: '7d', label: '7 días' },
  { id: '30d', label: '30 días' },
  { id: '12m', label: '12 meses' },
]

/** The report refuses a period longer than this (p_to − p_from ≤ 800): a custom range is checked against it. */
export const MAX_DAYS = 801

const DAY_MS = 86_400_000
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

function utc(day: string): number {
  return Date.parse(`${day}T00:00:00Z`)
}

export function isDay(value: string): boolean {
  return DATE_ONLY.test(value) && !Number.isNaN(utc(value)) && new Date(utc(value)).toISOString().startsWith(value)
}

export function addDays(day: string, days: number): string {
  return new Date(utc(day) + days * DAY_MS).toISOString().slice(0, 10)
}

/** Days in the period, both ends included. */
export function lengthInDays({ from, to }: Period): number {
  return Math.round((utc(to) - utc(from)) / DAY_MS) + 1
}

/**
 * A preset's days, ending today in Madrid: «Hoy» is today, «7 días» and «30 días» the last 7 or 30 days with
 * today, «12 meses» the current month and the 11 before it, whole (so its months chart as 12 bars of data).
 */
export function presetPeriod(preset: PresetId, now = new Date()): Period {
  const to = madridDay(now)
  switch (preset) {
    case 'today':
      return { from: to, to }
    case '7d':
      return { from: addDays(to, -6), to }
    case '30d':
      return { from: addDays(to, -29), to }
    case '12m': {
      const [year, month] = to.split('-').map(Number) as [number, number]
      return { from: new Date(Date.UTC(year, month - 1 - 11, 1)).toISOString().slice(0, 10), to }
    }
  }
}

/** The period a choice names, or a Spanish reason a custom range cannot be reported. */
export function resolvePeriod(choice: PeriodChoice, now = new Date()): Period | { error: string } {
  if (choice.kind === 'preset') return presetPeriod(choice.preset, now)
  const { from, to } = choice
  if (!isDay(from) || !isDay(to)) return { error: 'Indica la fecha de inicio y la de fin.' }
  if (from > to) return { error: 'La fecha de inicio debe ser anterior o igual a la de fin.' }
  if (lengthInDays({ from, to }) > MAX_DAYS) return { error: `El periodo puede tener como mucho ${MAX_DAYS} días.` }
  return { from, to }
}

/** The same number of days right before the period. */
export function previousPeriod(period: Period): Period {
  const days = lengthInDays(period)
  return { from: addDays(period.from, -days), to: addDays(period.from, -1) }
}

const percent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 1 })
const signedPercent = new Intl.NumberFormat('es-ES', { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' })
const signedPoints = new Intl.NumberFormat('es-ES', { maximumFractionDigits: 1, signDisplay: 'exceptZero' })
const integer = new Intl.NumberFormat('es-ES')

/** Intl writes a hyphen; a minus sign reads as one. */
const minus = (text: string) => text.replace('-', '−')

export const formatCount = (value: number): string => integer.format(value)

/** A share as «12,5 %»; «—» when there is nothing to divide by. */
export function formatRate(part: number, whole: number): string {
  return whole > 0 ? percent.format(part / whole) : '—'
}

export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null
}

export interface Change {
  /** What is shown: «+12 %», «−8 %», «0 %», «nuevo» or «—». */
  text: string
  /** What a screen reader says after the figure. */
  spoken: string
  direction: 'up' | 'down' | 'same' | 'none'
}

/** A count against the previous period's, as a relative change. */
export function countChange(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0
      ? { text: '—', spoken: 'sin datos en el periodo anterior', direction: 'none' }
      : { text: 'nuevo', spoken: 'ninguno en el periodo anterior', direction: 'up' }
  }
  const ratio = (current - previous) / previous
  const text = minus(signedPercent.format(ratio))
  const direction = text.startsWith('+') ? 'up' : text.startsWith('−') ? 'down' : 'same'
  const spoken =
    direction === 'same'
      ? `igual que en el periodo anterior (${formatCount(previous)})`
      : `${direction === 'up' ? 'más' : 'menos'} que en el periodo anterior (${formatCount(previous)})`
  return { text, spoken, direction }
}

/** A rate against the previous period's, in percentage points («+1,5 p. p.»): a relative change of a rate misleads. */
export function rateChange(current: number | null, previous: number | null): Change {
  if (current === null || previous === null) return { text: '—', spoken: 'sin datos para comparar', direction: 'none' }
  const points = Math.round((current - previous) * 1000) / 10
  const text = `${minus(signedPoints.format(points))}\u00a0p.\u00a0p.`
  const direction = points > 0 ? 'up' : points < 0 ? 'down' : 'same'
  const was = percent.format(previous)
  const spoken =
    direction === 'same'
      ? `igual que en el periodo anterior (${was})`
      : `puntos porcentuales ${direction === 'up' ? 'más' : 'menos'} que en el periodo anterior (${was})`
  return { text, spoken, direction }
}
