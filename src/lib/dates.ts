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
  const date = instant(value)
  if (!date) return ''
  return (DATE_ONLY.test(value!) ? calendarDate : longDate).format(date)
}

const madrid = { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' } as const
const longDateTime = new Intl.DateTimeFormat('es-ES', { ...madrid, day: 'numeric', month: 'long', year: 'numeric' })
const sheetDateTime = new Intl.DateTimeFormat('es-ES', { ...madrid, day: '2-digit', month: '2-digit', year: 'numeric' })

function instant(value: string | null | undefined): Date | null {
  const date = value ? new Date(value) : null
  return date && !Number.isNaN(date.getTime()) ? date : null
}

/** "25 de noviembre de 2026 a las 17:05", Madrid time; empty when there is no (valid) instant. */
export function formatDateTime(value: string | null | undefined): string {
  const date = instant(value)
  return date ? longDateTime.format(date) : ''
}

/** "25/11/2026 17:05", Madrid time: the shape Spanish Excel and LibreOffice read as a date in a CSV cell. */
export function formatSheetDateTime(value: string | null | undefined): string {
  const date = instant(value)
  return date ? sheetDateTime.format(date).replace(', ', ' ') : ''
}

/** Today's date in Madrid as YYYY-MM-DD (Swedish writes dates the ISO way), e.g. for a file name. */
export function madridDay(now = new Date()): string {
  return new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Madrid' }).format(now)
}
