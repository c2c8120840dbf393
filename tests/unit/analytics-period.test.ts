import { describe, expect, it } from 'vitest'
import {
  countChange,
  formatRate,
  lengthInDays,
  MAX_DAYS,
  presetPeriod,
  previousPeriod,
  rateChange,
  resolvePeriod,
} from '../../src/admin/analytics/period'
import { chartSeries, readReport } from '../../src/admin/analytics/report'

describe('analytics periods (Europe/Madrid days)', () => {
  // 23:30 UTC on 31 December is already 1 January in Madrid (UTC+1 in winter).
  const newYear = new Date('2026-12-31T23:30:00Z')
  // 22:30 UTC on 30 June is 00:30 on 1 July in Madrid (UTC+2 in summer).
  const july = new Date('2026-06-30T22:30:00Z')

  it('ends every preset on the Madrid day, not the UTC one', () => {
    expect(presetPeriod('today', newYear)).toEqual({ from: '2027-01-01', to: '2027-01-01' })
    expect(presetPeriod('today', july)).toEqual({ from: '2026-07-01', to: '2026-07-01' })
    expect(presetPeriod('7d', newYear)).toEqual({ from: '2026-12-26', to: '2027-01-01' })
    expect(presetPeriod('30d', july)).toEqual({ from: '2026-06-02', to: '2026-07-01' })
  })

  it('makes «12 meses» the current month and the 11 whole months before it', () => {
    expect(presetPeriod('12m', newYear)).toEqual({ from: '2026-02-01', to: '2027-01-01' })
    expect(presetPeriod('12m', new Date('2026-11-28T05:00:00Z'))).toEqual({ from: '2025-12-01', to: '2026-11-28' })
  })

  it('counts both ends and crosses the summer-time change without losing a day', () => {
    expect(lengthInDays({ from: '2026-03-28', to: '2026-03-30' })).toBe(3)
    expect(lengthInDays({ from: '2026-10-24', to: '2026-10-26' })).toBe(3)
    expect(lengthInDays(presetPeriod('7d', newYear))).toBe(7)
    expect(lengthInDays(presetPeriod('30d', july))).toBe(30)
  })

  it('compares with the same number of days right before', () => {
    expect(previousPeriod({ from: '2026-11-28', to: '2026-11-28' })).toEqual({ from: '2026-11-27', to: '2026-11-27' })
    expect(previousPeriod({ from: '2026-11-22', to: '2026-11-28' })).toEqual({ from: '2026-11-15', to: '2026-11-21' })
    expect(previousPeriod({ from: '2024-03-01', to: '2024-03-31' })).toEqual({ from: '2024-01-30', to: '2024-02-29' })
  })

  it('checks a custom range before asking for it', () => {
    expect(resolvePeriod({ kind: 'custom', from: '2026-11-01', to: '2026-11-10' })).toEqual({ from: '2026-11-01', to: '2026-11-10' })
    expect(resolvePeriod({ kind: 'custom', from: '2026-11-10', to: '2026-11-01' })).toHaveProperty('error')
    expect(resolvePeriod({ kind: 'custom', from: '', to: '2026-11-01' })).toHaveProperty('error')
    expect(resolvePeriod({ kind: 'custom', from: '2026-02-30', to: '2026-03-01' })).toHaveProperty('error')
    expect(resolvePeriod({ kind: 'custom', from: '2024-01-01', to: '2026-11-01' })).toEqual({
      error: `El periodo puede tener como mucho ${MAX_DAYS} días.`,
    })
  })
})

/** Intl and the tab keep a figure and its unit together with a no-break space. */
const nb = (text: string) => text.replaceAll(' ', '\u00a0')

describe('analytics changes and rates', () => {
  it('writes a relative change with its sign, a minus sign and words for screen readers', () => {
    expect(countChange(112, 100)).toMatchObject({ text: nb('+12 %'), direction: 'up' })
    expect(countChange(92, 100)).toMatchObject({ text: nb('−8 %'), direction: 'down' })
    expect(countChange(92, 100).spoken).toBe('menos que en el periodo anterior (100)')
    expect(countChange(100, 100)).toMatchObject({ text: nb('0 %'), direction: 'same' })
    expect(countChange(1000, 1001)).toMatchObject({ text: nb('0 %'), direction: 'same' })
    expect(countChange(5, 0)).toMatchObject({ text: 'nuevo', direction: 'up' })
    expect(countChange(0, 0)).toMatchObject({ text: '—', direction: 'none' })
  })

  it('compares rates in percentage points', () => {
    expect(rateChange(0.05, 0.035)).toMatchObject({ text: nb('+1,5 p. p.'), direction: 'up' })
    expect(rateChange(0.02, 0.03)).toMatchObject({ text: nb('−1 p. p.'), direction: 'down' })
    expect(rateChange(0.02, null)).toMatchObject({ text: '—', direction: 'none' })
  })

  it('writes a rate the Spanish way, and nothing when there is no visitor', () => {
    expect(formatRate(1, 8)).toBe(nb('12,5 %'))
    expect(formatRate(1, 0)).toBe('—')
  })
})

describe('the report as the tab reads it', () => {
  it('fills what the RPC leaves out and reads numbers as numbers', () => {
    const report = readReport({
      from: '2026-11-01',
      to: '2026-11-01',
      totals: { visitors: 3, pageviews: '4', converted: 1, leads: 1 },
      series: [{ day: '2026-11-01', visitors: 3, pageviews: 4, converted: 1, leads: 1 }],
      pages: [],
      dimensions: { source: [{ value: 'directo', visitors: 3, pageviews: 4, converted: 1 }] },
    })
    expect(report.totals.pageviews).toBe(4)
    expect(report.dimensions.source).toHaveLength(1)
    expect(report.dimensions.campaign).toEqual([])
    expect(report.dimensions.browser).toEqual([])
  })

  it('charts long periods per month, summing the days', () => {
    const day = (d: string, visitors: number) => ({ day: d, visitors, pageviews: visitors * 2, converted: 0, leads: 1 })
    const days = [
      day('2026-09-30', 1),
      ...Array.from({ length: 70 }, (_, i) => day(new Date(Date.UTC(2026, 9, 1 + i)).toISOString().slice(0, 10), 2)),
    ]
    const { unit, points } = chartSeries(days)
    expect(unit).toBe('month')
    expect(points.map((p) => [p.day, p.visitors, p.leads])).toEqual([
      ['2026-09', 1, 1],
      ['2026-10', 62, 31],
      ['2026-11', 60, 30],
      ['2026-12', 18, 9],
    ])
    expect(chartSeries(days.slice(0, 30)).unit).toBe('day')
  })
})
