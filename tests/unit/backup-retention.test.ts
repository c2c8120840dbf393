// Which backups a schedule deletes (src/host/backups/retention.ts): the newest N, plus the newest of each of
// the last D days, and nothing else.
import { describe, expect, it } from 'vitest'
import { expired } from '../../src/host/backups/retention.ts'

const now = new Date('2026-11-28T12:30:00Z')
/** Hourly backups going back `hours` hours from now, newest first. */
const hourly = (hours: number) => Array.from({ length: hours }, (_, h) => ({ takenAt: new Date(now.getTime() - h * 3_600_000) }))

describe('backup retention', () => {
  it('keeps the newest 48 and one a day for 30 days out of 60 days of hourly backups', () => {
    const backups = hourly(60 * 24)
    const deleted = new Set(expired(backups, { keepRecent: 48, keepDaily: 30 }, now))
    const kept = backups.filter((b) => !deleted.has(b))
    expect(kept.slice(0, 48)).toEqual(backups.slice(0, 48))
    const olderDays = kept.slice(48).map((b) => b.takenAt.toISOString())
    // The newest of each day, 23:30 UTC, for the days older than the last two (today is 12:30), back 30 days.
    expect(olderDays).toHaveLength(28)
    expect(olderDays.every((iso) => iso.endsWith('T23:30:00.000Z'))).toBe(true)
    expect(olderDays.at(-1)).toBe('2026-10-29T23:30:00.000Z')
  })

  it('deletes nothing while there are fewer than the newest N', () => {
    expect(expired(hourly(10), { keepRecent: 48, keepDaily: 0 }, now)).toEqual([])
  })

  it('with no daily copies keeps exactly the newest N', () => {
    const backups = hourly(5)
    expect(expired(backups, { keepRecent: 2, keepDaily: 0 }, now)).toEqual(backups.slice(2))
  })
})
