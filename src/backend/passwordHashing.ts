// Password hashing off the event loop. bcrypt in JavaScript (bcryptjs) ran on the server's only thread:
// eight parallel wrong-password sign-ins cut anonymous reads from 5,133 to 36 req/s. Here the native
// `bcrypt` package runs in a pool of worker threads (piscina), one per core but one, at a lower CPU
// priority (nice 19, the lowest: PostgREST needs the other core now, decision 0025), so on a busy machine
// serving requests wins the processor over checking passwords.
// The number of hashes in flight is bounded: past it a sign-in is refused without hashing (BusyHashing → 429)
// instead of queueing CPU work an attacker chooses. The format is unchanged ($2a$/$2b$, cost 10 as
// GoTrue), so hashes made earlier with bcryptjs keep verifying. See docs/decisions/0031-password-hashing.md.
import bcrypt from 'bcrypt'
import { randomBytes } from 'node:crypto'
import { availableParallelism } from 'node:os'
import { Piscina } from 'piscina'

export const BCRYPT_COST = 10 // GoTrue's cost
/** bcrypt reads only the first 72 bytes of a password; longer ones are refused, as GoTrue does. */
export const MAX_PASSWORD_BYTES = 72

export class BusyHashing extends Error {
  constructor() {
    super('Too many sign-ins are being checked right now')
  }
}

export interface HashingLimits {
  /** Worker threads, so hashes computed at the same time (each takes a core for ~60 ms at cost 10). */
  concurrent: number
  /** Hashes in flight in all, running plus waiting for a worker; past this a request is refused at once. */
  inFlight: number
}

/** One core is left to the event loop: on the 2-core machine one hash at a time and four in flight. */
export function defaultHashingLimits(cores = availableParallelism()): HashingLimits {
  const concurrent = Math.max(1, cores - 1)
  return { concurrent, inFlight: concurrent * 4 }
}

type Task = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string }

export class PasswordHasher {
  private inFlight = 0
  private readonly pool: Piscina<Task, string | boolean>
  // Compared against when the e-mail is unknown, so a wrong address costs as long as a wrong password.
  private readonly decoy: Promise<string>

  constructor(
    private readonly limits: HashingLimits = defaultHashingLimits(),
    /** bcrypt's cost for new hashes: GoTrue's unless AUTH_PASSWORD_HASH_COST says otherwise (tests). */
    private readonly cost = BCRYPT_COST,
  ) {
    this.pool = new Piscina({
      filename: new URL('./passwordWorker.mjs', import.meta.url).href,
      minThreads: limits.concurrent,
      maxThreads: limits.concurrent,
      niceIncrement: 19,
    })
    this.decoy = bcrypt.hash(randomBytes(18).toString('base64'), cost)
  }

  async hash(password: string): Promise<string> {
    return (await this.bounded({ op: 'hash', password, cost: this.cost })) as string
  }

  /** True when `password` matches `hash`; with no hash (unknown account), spends the same time and says no. */
  async verify(password: string, hash: string | undefined): Promise<boolean> {
    const matches = await this.bounded({ op: 'compare', password, hash: hash ?? (await this.decoy) })
    return matches === true && hash !== undefined
  }

  /** True when no hash can be taken on right now: callers refuse before doing any other work. */
  get saturated(): boolean {
    return this.inFlight >= this.limits.inFlight
  }

  close(): Promise<void> {
    return this.pool.destroy()
  }

  private async bounded(task: Task): Promise<string | boolean> {
    if (this.saturated) throw new BusyHashing()
    this.inFlight += 1
    try {
      return await this.pool.run(task)
    } finally {
      this.inFlight -= 1
    }
  }
}

/** One hash outside the server's pool (`npm run staff`, the demo account), on libuv's thread pool. */
export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST)
}
