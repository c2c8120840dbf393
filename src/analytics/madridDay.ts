const format = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Madrid', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The Europe/Madrid calendar day of a moment, as yyyy-mm-dd: the day a salt and a report's row belong to. */
export function madridDay(at: Date | number = Date.now()): string {
  return format.format(at)
}
