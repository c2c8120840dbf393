// The answer period in working hours (src/lib/workingHours.ts): when a lead is due, in Madrid, across
// evenings, weekends, holidays, split shifts and both DST changes; and the settings that describe them.
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../src/config.server.ts'
import { addWorkingHours, parseHolidays, parseWeek, type WorkingHours } from '../../src/lib/workingHours.ts'

const madrid = (week: string, holidays = ''): WorkingHours => ({
  timeZone: 'Europe/Madrid',
  week: parseWeek(week),
  holidays: parseHolidays(holidays),
})
const office = madrid('1-5 09:00-18:00')
/** An instant written as Madrid wall time with its offset, e.g. '2026-11-27T10:00:00+01:00'. */
const due = (from: string, hours: number, schedule = office) => addWorkingHours(new Date(from), hours, schedule).toISOString()

describe('adding working hours', () => {
  it('stays within the day when the day has room', () => {
    // Wednesday 25 November 2026, 10:00 in Madrid (UTC+1): 3 h later is 13:00.
    expect(due('2026-11-25T10:00:00+01:00', 3)).toBe('2026-11-25T12:00:00.000Z')
  })

  it('carries the rest of the evening into the next morning', () => {
    // Wednesday 17:00: 1 h today, Thursday 9 h, Friday 9 h, Monday 5 h → Monday 14:00 Madrid.
    expect(due('2026-11-25T17:00:00+01:00', 24)).toBe('2026-11-30T13:00:00.000Z')
  })

  it('a lead received at night or on a weekend starts counting at the next opening', () => {
    // Saturday 28 November 22:00 → Monday 09:00 + 2 h = 11:00 Madrid.
    expect(due('2026-11-28T22:00:00+01:00', 2)).toBe('2026-11-30T10:00:00.000Z')
    // Friday 19:30, after closing → Monday 09:00 + 1 h.
    expect(due('2026-11-27T19:30:00+01:00', 1)).toBe('2026-11-30T09:00:00.000Z')
  })

  it('24 working hours from a Friday morning end on Tuesday', () => {
    // Friday 09:00: Friday 9, Monday 9, Tuesday 6 → Tuesday 15:00 Madrid.
    expect(due('2026-11-27T09:00:00+01:00', 24)).toBe('2026-12-01T14:00:00.000Z')
  })

  it('skips public holidays', () => {
    // Monday 7 December 2026 10:00, with 8 December (Inmaculada) a holiday: 9 h = Mon 8 h + Wed 1 h.
    expect(due('2026-12-07T10:00:00+01:00', 9, madrid('1-5 09:00-18:00', '2026-12-08'))).toBe('2026-12-09T09:00:00.000Z')
    expect(due('2026-12-07T10:00:00+01:00', 9)).toBe('2026-12-08T09:00:00.000Z')
  })

  it('follows split shifts', () => {
    const split = madrid('1-5 09:00-14:00,1-5 16:00-19:00')
    // Monday 13:00: 1 h before lunch, then 16:00 + 1 h.
    expect(due('2026-11-30T13:00:00+01:00', 2, split)).toBe('2026-11-30T16:00:00.000Z')
    // Received during lunch: counting starts at 16:00.
    expect(due('2026-11-30T15:00:00+01:00', 0.5, split)).toBe('2026-11-30T15:30:00.000Z')
  })

  it('keeps the shifts on the wall clock across the DST changes', () => {
    // Spring: Friday 27 March 2026 17:00 (UTC+1) + 2 h → Monday 30 March 10:00 (UTC+2) = 08:00 UTC.
    expect(due('2026-03-27T17:00:00+01:00', 2)).toBe('2026-03-30T08:00:00.000Z')
    // Autumn: Friday 23 October 2026 17:00 (UTC+2) + 2 h → Monday 26 October 10:00 (UTC+1) = 09:00 UTC.
    expect(due('2026-10-23T17:00:00+02:00', 2)).toBe('2026-10-26T09:00:00.000Z')
    // Around the clock over the spring change: the night has 23 hours, so 24 h later is 25 h on the wall clock.
    expect(due('2026-03-28T12:00:00+01:00', 24, madrid('1-7 00:00-24:00'))).toBe('2026-03-29T11:00:00.000Z')
  })

  it('around the clock, the period is elapsed time', () => {
    expect(due('2026-11-28T23:59:00+01:00', 0.001, madrid('1-7 00:00-24:00'))).toBe('2026-11-28T22:59:03.600Z')
  })

  it('refuses a period that is not positive', () => {
    expect(() => addWorkingHours(new Date(), 0, office)).toThrow(/positive/)
  })
})

describe('the settings', () => {
  it('default to 24 working hours, Monday to Friday 09:00-18:00 in Madrid, no holidays', () => {
    const config = parseConfig({})
    expect(config.LEADS_ANSWER_HOURS).toBe(24)
    expect(config.LEADS_TIME_ZONE).toBe('Europe/Madrid')
    expect(config.LEADS_WORKING_HOURS[1]).toEqual([[540, 1080]])
    expect(config.LEADS_WORKING_HOURS[6]).toEqual([])
    expect([...config.LEADS_HOLIDAYS]).toEqual([])
  })

  it.each([
    ['LEADS_ANSWER_HOURS', '0', /too small|>0/i],
    ['LEADS_ANSWER_HOURS', '-4', /too small|>0/i],
    ['LEADS_ANSWER_HOURS', 'veinte', /number/i],
    ['LEADS_WORKING_HOURS', 'lunes 9-18', /DAYS HH:MM-HH:MM/],
    ['LEADS_WORKING_HOURS', '1-5 18:00-09:00', /end after it starts/],
    ['LEADS_WORKING_HOURS', '5-1 09:00-18:00', /Monday \(1\) to Sunday \(7\)/],
    ['LEADS_TIME_ZONE', 'Europe/Valencia', /time zone/],
    ['LEADS_HOLIDAYS', '2026-02-30', /YYYY-MM-DD/],
  ])('refuse %s=%s, saying why', (name, value, why) => {
    expect(() => parseConfig({ [name]: value })).toThrow(why)
  })
})
