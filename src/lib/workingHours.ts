/**
 * Working-hours arithmetic for the site's promise («te respondemos en menos de 24 horas laborables»): when is
 * a lead received at some instant due, given the team's working days and hours in its time zone and its
 * public holidays. The time zone rules (DST included) come from @date-fns/tz; adding working time to an
 * instant is written here by hand, because no well-kept package does it with per-weekday hours, split shifts
 * and a holiday list (business-time packages are either abandoned or count whole days only). The unit test
 * (tests/unit/working-hours.test.ts) covers weekends, evenings, holidays and both DST changes.
 */
import { TZDate } from '@date-fns/tz'

/** Minutes from local midnight: [opens, closes), closes up to 24:00. */
export type Shift = readonly [opens: number, closes: number]

export interface WorkingHours {
  timeZone: string
  /** Shifts per ISO weekday, index 0 unused, 1 = Monday … 7 = Sunday; sorted by opening. */
  week: readonly (readonly Shift[])[]
  /** Local dates (YYYY-MM-DD) nobody works. */
  holidays: ReadonlySet<string>
}

const WEEKDAYS = /^([1-7])(?:-([1-7]))?$/
const CLOCK = /^([01]\d|2[0-3]):([0-5]\d)$|^24:00$/

/** "09:00" → 540; "24:00" → 1440; null when it is no time of day. */
function minutes(clock: string): number | null {
  if (!CLOCK.test(clock)) return null
  const [hours, mins] = clock.split(':').map(Number) as [number, number]
  return hours * 60 + mins
}

/**
 * Reads LEADS_WORKING_HOURS: comma-separated entries «DAYS HH:MM-HH:MM», DAYS an ISO weekday (1 Monday … 7
 * Sunday) or a range of them, e.g. «1-5 09:00-18:00», «1-4 09:00-14:00,1-4 16:00-19:00,5 08:00-15:00», or around
 * the clock «1-7 00:00-24:00». Throws an Error saying what is wrong.
 */
export function parseWeek(text: string): Shift[][] {
  const week: Shift[][] = Array.from({ length: 8 }, () => [])
  for (const entry of text.split(',').map((e) => e.trim())) {
    const [days = '', hours = '', ...rest] = entry.split(/\s+/)
    const dayMatch = WEEKDAYS.exec(days)
    const [opens, closes] = hours.split('-').map(minutes)
    if (!dayMatch || rest.length || opens == null || closes == null)
      throw new Error(`«${entry}» is not «DAYS HH:MM-HH:MM» (days 1 = Monday … 7 = Sunday, e.g. «1-5 09:00-18:00»)`)
    if (opens >= closes) throw new Error(`«${entry}»: the shift must end after it starts`)
    const first = Number(dayMatch[1])
    const last = Number(dayMatch[2] ?? dayMatch[1])
    if (last < first) throw new Error(`«${entry}»: the days go from Monday (1) to Sunday (7)`)
    for (let day = first; day <= last; day++) week[day]!.push([opens, closes])
  }
  for (const shifts of week) shifts.sort((a, b) => a[0] - b[0])
  return week
}

/** Reads LEADS_HOLIDAYS: comma-separated local dates, «2026-12-08,2026-12-25». Throws on a date that does not exist. */
export function parseHolidays(text: string): Set<string> {
  const dates = text
    .split(',')
    .map((d) => d.trim())
    .filter(Boolean)
  for (const date of dates) {
    const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T00:00:00Z`) : null
    if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
      throw new Error(`«${date}» is not a date written YYYY-MM-DD`)
  }
  return new Set(dates)
}

const pad = (n: number) => String(n).padStart(2, '0')
/** Ten years of days without one working minute means the week has none: a bug, not a wait. */
const MAX_DAYS = 3660

/** The instant `hours` working hours after `from` (hours > 0; fractions allowed). */
export function addWorkingHours(from: Date, hours: number, schedule: WorkingHours): Date {
  if (!(hours > 0)) throw new Error('The answer period must be positive')
  let remaining = hours * 3600_000
  let cursor = from.getTime()
  const start = new TZDate(cursor, schedule.timeZone)
  for (let offset = 0; offset < MAX_DAYS; offset++) {
    // Local midnight of each day from the start's local date on; a day past the month's end rolls over.
    const day = new TZDate(start.getFullYear(), start.getMonth(), start.getDate() + offset, 0, 0, schedule.timeZone)
    const isoWeekday = day.getDay() === 0 ? 7 : day.getDay()
    if (schedule.holidays.has(`${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`)) continue
    for (const [opens, closes] of schedule.week[isoWeekday] ?? []) {
      // Wall-clock times of that day in the zone, so a shift keeps its hours across a DST change.
      const at = (mins: number) =>
        new TZDate(day.getFullYear(), day.getMonth(), day.getDate(), Math.floor(mins / 60), mins % 60, schedule.timeZone).getTime()
      const begin = Math.max(at(opens), cursor)
      const end = at(closes)
      if (begin >= end) continue
      if (remaining <= end - begin) return new Date(begin + remaining)
      remaining -= end - begin
      cursor = end
    }
  }
  throw new Error('The working hours have no working time')
}
