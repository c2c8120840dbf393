import type { EventKind } from '../../analytics/events.ts'
import type { Device } from '../../analytics/agent.server.ts'
import type { Utm } from '../../analytics/landing.ts'
import { SerialWrites } from '../serialWrites.ts'

/** A row of public.analytics_events as record_analytics takes it. */
export type AnalyticsEvent = Utm & {
  visitor: string
  kind: EventKind
  path: string
  occurred_at: string
  referrer_host?: string | null
  device?: Device
  browser?: string
}

export interface EventWriterOptions {
  /** Adds a batch (record_analytics, as the service role). */
  write: (events: AnalyticsEvent[]) => Promise<void>
  intervalMs?: number
  /** A batch is written at once when it reaches this size. */
  batchSize?: number
  /** Events waiting at most: past it a beacon is refused (503), so a flood cannot grow the server's memory. */
  maxPending?: number
  onError?: (error: unknown) => void
}

/**
 * Beacons are written in batches, one call every few seconds (or at once when a batch fills), never one
 * write per page view: a flood of beacons costs the database one insert per batch and never slows the pages.
 * A failed batch is dropped with one warning until a write succeeds again: analytics is a measure, not a ledger.
 */
export class EventWriter {
  private pending: AnalyticsEvent[] = []
  private readonly writes: SerialWrites<AnalyticsEvent[]>
  private readonly timer: NodeJS.Timeout

  constructor(private readonly options: EventWriterOptions) {
    this.writes = new SerialWrites(options.write, options.onError)
    this.timer = setInterval(() => void this.flush(), options.intervalMs ?? 2_000)
    this.timer.unref()
  }

  /** Queues one event; false when too many are waiting. */
  offer(event: AnalyticsEvent): boolean {
    if (this.pending.length >= (this.options.maxPending ?? 20_000)) return false
    this.pending.push(event)
    if (this.pending.length >= (this.options.batchSize ?? 500)) void this.flush()
    return true
  }

  flush(): Promise<void> {
    if (this.pending.length === 0) return this.writes.settled()
    const batch = this.pending
    this.pending = []
    return this.writes.add(batch)
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    await this.flush()
  }
}
