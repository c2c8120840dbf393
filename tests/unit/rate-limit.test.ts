// The fixed-window limiter the auth endpoints and the analytics beacons share: a client's window, and a
// flood of new clients that does not make it forget a client before its window ends. (What a flood costs
// per request is measured by `npm run bench -- --analytics`, not here.)
import { describe, expect, it } from 'vitest'
import { RateLimiter } from '../../src/backend/rateLimit.ts'

describe('RateLimiter', () => {
  it('allows `limit` requests per client per window, then refuses until the window is over', () => {
    const limiter = new RateLimiter(2, 1000)
    expect([limiter.allow('a', 0), limiter.allow('a', 10), limiter.allow('a', 20)]).toEqual([true, true, false])
    expect(limiter.allow('b', 20)).toBe(true)
    expect(limiter.allow('a', 1000)).toBe(true)
  })

  it('still refuses a client that used up its window after 50,000 new clients, and forgets it after', () => {
    const limiter = new RateLimiter(1, 60_000)
    limiter.allow('flooder', 0)
    for (let i = 0; i < 50_000; i++) limiter.allow(`client-${i}`, 1)
    expect(limiter.allow('flooder', 2)).toBe(false)
    for (let i = 0; i < 20_000; i++) limiter.allow(`later-${i}`, 60_001)
    expect(limiter.allow('flooder', 60_002)).toBe(true)
  })
})
