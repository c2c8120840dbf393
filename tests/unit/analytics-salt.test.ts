// The visitor hash's daily salt: one per Europe/Madrid day, kept by the store (shared by every server),
// replaced at Madrid's midnight, asked for again after a failed read. The store's deletion of old salts is
// the database's (tests/contract/analytics.test.ts).
import { describe, expect, it } from 'vitest'
import { DailySalt } from '../../src/host/analytics/dailySalt.ts'
import { visitorHash } from '../../src/analytics/visitor.server.ts'

function store() {
  const salts = new Map<string, string>()
  const asked: string[] = []
  const get = async (day: string, candidate: string) => {
    asked.push(day)
    if (!salts.has(day)) salts.set(day, candidate)
    return salts.get(day)!
  }
  return { get, asked, salts }
}

describe('DailySalt', () => {
  it('keeps one random salt a day, and a new one from midnight in Madrid', async () => {
    const s = store()
    let now = Date.parse('2026-03-10T22:59:00Z') // 23:59 in Madrid (UTC+1)
    const salt = new DailySalt(s.get, () => now)
    const first = await salt.current()
    expect(first.day).toBe('2026-03-10')
    expect(first.salt).toMatch(/^[0-9a-f]{64}$/)
    expect(await salt.current()).toEqual(first)
    expect(s.asked).toEqual(['2026-03-10'])
    now = Date.parse('2026-03-10T23:00:00Z') // midnight in Madrid
    const second = await salt.current()
    expect(second.day).toBe('2026-03-11')
    expect(second.salt).not.toBe(first.salt)
  })

  it('takes the salt another server stored first', async () => {
    const s = store()
    const a = new DailySalt(s.get, () => Date.parse('2026-07-01T10:00:00Z'))
    const b = new DailySalt(s.get, () => Date.parse('2026-07-01T10:00:00Z'))
    expect((await a.current()).salt).toBe((await b.current()).salt)
  })

  it('asks again after a failed read instead of keeping the failure', async () => {
    let fail = true
    const salt = new DailySalt(async (_day, candidate) => {
      if (fail) throw new Error('database down')
      return candidate
    })
    await expect(salt.current()).rejects.toThrow('database down')
    fail = false
    await expect(salt.current()).resolves.toMatchObject({ salt: expect.stringMatching(/^[0-9a-f]{64}$/) })
  })
})

describe('visitorHash', () => {
  it('is the same for one browser on one day, and changes with the salt, the address or the browser', () => {
    const salt = 'ab'.repeat(32)
    const hash = visitorHash(salt, '203.0.113.7', 'Firefox', 'example.es')
    expect(hash).toMatch(/^[0-9a-f]{32}$/)
    expect(visitorHash(salt, '203.0.113.7', 'Firefox', 'example.es')).toBe(hash)
    expect(visitorHash('cd'.repeat(32), '203.0.113.7', 'Firefox', 'example.es')).not.toBe(hash)
    expect(visitorHash(salt, '203.0.113.8', 'Firefox', 'example.es')).not.toBe(hash)
    expect(visitorHash(salt, '203.0.113.7', 'Chrome', 'example.es')).not.toBe(hash)
    expect(hash).not.toContain('203')
  })
})
