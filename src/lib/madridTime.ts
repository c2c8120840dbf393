/** Times as staff in Valencia read them: Europe/Madrid, whatever the browser's zone. */
const clock = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: '2-digit', minute: '2-digit' })
const day = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', day: 'numeric', month: 'long', year: 'numeric' })
const hour = new Intl.DateTimeFormat('es-ES', { timeZone: 'Europe/Madrid', hour: 'numeric', minute: '2-digit' })

/** "a las 10:42" today in Madrid, "el 24 de noviembre de 2026 a las 10:42" on another day. */
export function atMadridTime(value: string, now = new Date()): string {
  const date = new Date(value)
  const time = `a las ${clock.format(date)}`
  return day.format(date) === day.format(now) ? time : `el ${day.format(date)} ${time}`
}

/** "1 de diciembre de 2026, 9:00" in Madrid. */
export function madridDateTime(value: string): string {
  const date = new Date(value)
  return `${day.format(date)}, ${hour.format(date)}`
}
