import { randomBytes } from 'node:crypto'
import { madridDay } from '../../analytics/madridDay.ts'

/** Stores a candidate salt for a day unless one exists, deletes older ones, and answers the day's salt. */
export type SaltStore = (day: string, candidate: string) => Promise<string>

/**
 * The day's salt for visitor hashes (src/analytics/visitor.server.ts), the same for every server: the first
 * to ask for a day stores a random one in the database (public.analytics_salt), which also deletes the salts
 * of days before yesterday. Kept in memory for the day; a new Europe/Madrid day asks again.
 */
export class DailySalt {
  private cached: { day: string; salt: Promise<string> } | undefined

  constructor(
    private readonly store: SaltStore,
    private readonly now: () => number = Date.now,
  ) {}

  current(): Promise<{ day: string; salt: string }> {
    const day = madridDay(this.now())
    if (this.cached?.day !== day) {
      const salt = this.store(day, randomBytes(32).toString('hex'))
      this.cached = { day, salt }
      // A failed read is not kept: the next beacon asks again.
      salt.catch(() => {
        if (this.cached?.salt === salt) this.cached = undefined
      })
    }
    return this.cached.salt.then((salt) => ({ day, salt }))
  }
}
