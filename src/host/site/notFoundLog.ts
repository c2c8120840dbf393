// The 404 log's counting side (docs/decisions/0069-a-bounded-404-log.md): a path that answered 404 is
// counted in memory (no query string, nothing about who asked), and the counts are added to
// public.not_found_paths in one call every few seconds, never a write per request. Bounded against floods:
// at most `maxPaths` distinct paths wait between two writes (later new ones are not counted until the next
// window; the ones already waiting still are), paths longer than the table allows are not counted, and the
// table itself keeps its 1,000 most asked paths. A path with a control character (`/%00` decodes to NUL,
// which Postgres cannot store in text and refuses for the whole batch) is no page anyone can link to: it is
// not counted, so it never reaches a batch.

import { SerialWrites } from '../serialWrites.ts'

// A type, not an interface: record_not_found's generated argument is Json, which an interface does not match.
export type NotFoundCount = {
  path: string
  hits: number
  last_seen_at: string
}

export interface NotFoundLogOptions {
  /** Adds a batch of counts to the log (record_not_found, as the service role). */
  write: (counts: NotFoundCount[]) => Promise<void>
  intervalMs?: number
  maxPaths?: number
  /**
   * Told when writes start failing, once until one succeeds again: a server without the service-role key
   * (a hosted project's site run with the anon key alone) would otherwise warn every few seconds.
   */
  onError?: (error: unknown) => void
}

const MAX_PATH_LENGTH = 512
// C0 controls (NUL included), DEL and C1 controls.
const hasControl = (path: string) => [...path].some((c) => c.charCodeAt(0) < 0x20 || (c.charCodeAt(0) >= 0x7f && c.charCodeAt(0) <= 0x9f))

export class NotFoundLog {
  private pending = new Map<string, { hits: number; lastSeenAt: number }>()
  private readonly timer: NodeJS.Timeout
  private readonly writes: SerialWrites<NotFoundCount[]>

  constructor(private readonly options: NotFoundLogOptions) {
    this.writes = new SerialWrites(options.write, options.onError)
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 5_000)
    this.timer.unref()
  }

  /** Counts one 404 for a path (already in the redirect-key form: decoded, no trailing slash). */
  record(path: string): void {
    if (path.length > MAX_PATH_LENGTH || hasControl(path)) return
    const entry = this.pending.get(path)
    if (entry) {
      entry.hits++
      entry.lastSeenAt = Date.now()
    } else if (this.pending.size < (this.options.maxPaths ?? 500)) {
      this.pending.set(path, { hits: 1, lastSeenAt: Date.now() })
    }
  }

  /** Writes what was counted since the last write; a failed write is dropped (the log is a hint, not a ledger). */
  flush(): Promise<void> {
    if (this.pending.size === 0) return this.writes.settled()
    const batch = [...this.pending].map(([path, e]) => ({ path, hits: e.hits, last_seen_at: new Date(e.lastSeenAt).toISOString() }))
    this.pending = new Map()
    return this.writes.add(batch)
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }
}
