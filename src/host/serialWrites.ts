/**
 * Batches written one after another, for the host's counters (the 404 log, analytics): a write waits for the
 * one before it, and a failed write is dropped with one warning until a write succeeds again, since these
 * are measures, not ledgers; a server without the service-role key would otherwise warn every few seconds.
 */
export class SerialWrites<T> {
  private writing: Promise<void> = Promise.resolve()
  private failing = false

  constructor(
    private readonly write: (batch: T) => Promise<void>,
    private readonly onError?: (error: unknown) => void,
  ) {}

  /** Queues a batch after the ones before it; resolves once it is written or dropped. */
  add(batch: T): Promise<void> {
    this.writing = this.writing
      .then(() => this.write(batch))
      .then(
        () => {
          this.failing = false
        },
        (error: unknown) => {
          if (!this.failing) this.onError?.(error)
          this.failing = true
        },
      )
    return this.writing
  }

  /** Resolves once every batch queued so far is written or dropped. */
  settled(): Promise<void> {
    return this.writing
  }
}
