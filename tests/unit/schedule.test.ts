import { describe, expect, it } from 'vitest'
import { fromMadridInput, nextPublishedAt, publicationState, scheduleHint, scheduledLabel, toMadridInput } from '../../src/cms/schedule'

const now = new Date('2026-11-25T20:00:00Z')

describe('scheduled publishing in the admin', () => {
  it('reads and writes the date-time field in Madrid time, summer and winter, whatever the browser zone', () => {
    expect(fromMadridInput('2026-12-01T09:00')).toBe('2026-12-01T08:00:00.000Z')
    expect(fromMadridInput('2026-07-01T09:00')).toBe('2026-07-01T07:00:00.000Z')
    expect(toMadridInput('2026-12-01T08:00:00.000Z')).toBe('2026-12-01T09:00')
    expect(fromMadridInput('')).toBeNull()
    expect(scheduledLabel('2026-12-01T08:00:00Z')).toBe('Programada para el 1 de diciembre de 2026, 9:00')
  })

  it('tells drafts, public and scheduled records apart', () => {
    expect(publicationState(false, null, now)).toEqual({ kind: 'draft' })
    expect(publicationState(true, '2026-11-20T10:00:00Z', now)).toEqual({ kind: 'published' })
    expect(publicationState(true, '2026-12-01T08:00:00Z', now)).toEqual({ kind: 'scheduled', at: '2026-12-01T08:00:00Z' })
  })

  it("a future time schedules, an empty or past one publishes at the database's now, a public record keeps its date", () => {
    const draft = { published: true, published_at: null, schedule: '' }
    expect(nextPublishedAt({ ...draft, schedule: '2026-12-01T09:00' }, now)).toBe('2026-12-01T08:00:00.000Z')
    // Now is the database's now(): null makes it stamp its own.
    expect(nextPublishedAt(draft, now)).toBeNull()
    expect(nextPublishedAt({ ...draft, schedule: '2026-11-01T09:00' }, now)).toBeNull()
    expect(nextPublishedAt({ ...draft, published_at: '2026-11-20T10:00:00Z' }, now)).toBe('2026-11-20T10:00:00Z')
    expect(nextPublishedAt({ ...draft, published: false, schedule: '2026-12-01T09:00' }, now)).toBeNull()
  })

  it('refuses more than a year ahead', () => {
    expect(scheduleHint('2029-12-01T09:00', false, now).error).toBe('La fecha de publicación no puede estar a más de un año vista: revisa el año.')
    expect(scheduleHint('2026-12-01T09:00', false, now)).toEqual({
      hint: 'Programada para el 1 de diciembre de 2026, 9:00: hasta entonces no aparece en el sitio.',
    })
  })
})
