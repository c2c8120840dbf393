import { describe, expect, it } from 'vitest'
import { formatDate, formatDateTime, formatSheetDateTime, madridDay } from '../../src/lib/dates'

describe('formatDate: the calendar day in Madrid, in Spanish', () => {
  it('moves a late-evening UTC time to the next day in winter (UTC+1)', () => {
    expect(formatDate('2026-11-02T23:30:00Z')).toBe('3 de noviembre de 2026')
    expect(formatDate('2026-11-02T22:59:59Z')).toBe('2 de noviembre de 2026')
    expect(formatDate('2026-11-02T23:00:00Z')).toBe('3 de noviembre de 2026')
  })

  it('moves it at 22:00 UTC in summer (UTC+2)', () => {
    expect(formatDate('2026-07-31T21:59:00Z')).toBe('31 de julio de 2026')
    expect(formatDate('2026-07-31T22:00:00Z')).toBe('1 de agosto de 2026')
  })

  it('crosses the year in Madrid before it does in UTC', () => {
    expect(formatDate('2026-12-31T23:15:00Z')).toBe('1 de enero de 2027')
  })

  it('reads offsets in the timestamp', () => {
    expect(formatDate('2026-11-03T00:30:00+01:00')).toBe('3 de noviembre de 2026')
  })

  it('shows a bare calendar date as written', () => {
    expect(formatDate('2026-11-03')).toBe('3 de noviembre de 2026')
    expect(formatDate('2026-01-01')).toBe('1 de enero de 2026')
  })

  it('is empty for no date or a date that does not parse', () => {
    expect(formatDate(null)).toBe('')
    expect(formatDate(undefined)).toBe('')
    expect(formatDate('')).toBe('')
    expect(formatDate('mañana')).toBe('')
  })
})

describe('formatDateTime and formatSheetDateTime: the instant in Madrid', () => {
  it('reads the time in Madrid, in winter and in summer', () => {
    expect(formatDateTime('2026-11-25T16:05:09Z')).toBe('25 de noviembre de 2026 a las 17:05')
    expect(formatDateTime('2026-07-31T22:30:00Z')).toBe('1 de agosto de 2026 a las 00:30')
    expect(formatSheetDateTime('2026-11-25T16:05:09Z')).toBe('25/11/2026 17:05')
    expect(formatSheetDateTime('2026-12-31T23:15:00Z')).toBe('01/01/2027 00:15')
  })
  it('is empty for no instant', () => {
    expect(formatDateTime(null)).toBe('')
    expect(formatSheetDateTime('no es una fecha')).toBe('')
  })
})

describe('madridDay', () => {
  it('is the calendar day in Madrid, written YYYY-MM-DD', () => {
    expect(madridDay(new Date('2026-11-25T10:00:00Z'))).toBe('2026-11-25')
    expect(madridDay(new Date('2026-12-31T23:30:00Z'))).toBe('2027-01-01')
  })
})
