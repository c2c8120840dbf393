/**
 * Dates as a visitor in Spain reads them. The business is in Valencia, so a timestamp is shown as the
 * calendar day in Europe/Madrid: a post published at 23:30 UTC on 2 November is dated 3 November there.
 */
const longDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Madrid' })
/** A bare calendar date ("2026-11-03") is a day, not an instant: shown as written, in no time zone. */
const calendarDate = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/** "3 de noviembre de 2026"; an empty string when there is no (valid) date. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return ''
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return ''
  return (DATE_ONLY.test(value) ? calendarDate : longDate).format(date)
}
