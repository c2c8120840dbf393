import { describe, expect, it } from 'vitest'
import { conflictMessage } from '../../src/admin/shared/conflicts'
import { atMadridTime, madridDateTime } from '../../src/lib/madridTime'

describe('Madrid times for staff', () => {
  it('a conflict today names the Madrid clock time, another day the date too', () => {
    const now = new Date('2026-11-25T15:00:00Z')
    expect(atMadridTime('2026-11-25T09:42:00Z', now)).toBe('a las 10:42')
    expect(atMadridTime('2026-11-24T09:42:00Z', now)).toBe('el 24 de noviembre de 2026 a las 10:42')
  })

  it('the conflict message names the record and, for a deletion, says so', () => {
    expect(conflictMessage({ changedAt: new Date().toISOString() })).toMatch(/^Otra persona guardó cambios en esta entrada a las \d{2}:\d{2}\.$/)
    expect(conflictMessage({ changedAt: null }, 'esta página')).toBe('Otra persona eliminó esta página.')
  })

  it('a schedule reads as the day and the hour in Madrid (summer and winter time)', () => {
    expect(madridDateTime('2026-12-01T08:00:00Z')).toBe('1 de diciembre de 2026, 9:00')
    expect(madridDateTime('2027-06-01T07:30:00Z')).toBe('1 de junio de 2027, 9:30')
  })
})
