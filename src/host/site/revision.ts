// The CMS revision the public pages are rendered at (docs/decisions/0020-live-publishing.md): a counter the
// database bumps on every write to a table the site renders (supabase/migrations/20261123000100_cms_revision.sql),
// with the latest publication instant that has passed, which moves without a write when a scheduled post or
// page reaches its time (docs/decisions/0067-scheduled-publishing.md). Compared as one opaque string.
// It is read lazily, at most once per `maxAgeMs` and once at a time, when a page is asked for; `expire()`
// (a write through this server, or the hosted project's webhook) makes the next request read it at once.

export class ContentRevision {
  private value: string | null = null
  private readAt = 0
  private reading: Promise<string> | null = null

  constructor(
    private readonly read: () => Promise<string>,
    private readonly maxAgeMs: number,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** The revision now, reading it when the last read is older than maxAgeMs. */
  current(): Promise<string> {
    if (this.value !== null && Date.now() - this.readAt < this.maxAgeMs) return Promise.resolve(this.value)
    this.reading ??= this.read().then(
      (value) => {
        this.value = value
        this.readAt = Date.now()
        this.reading = null
        return value
      },
      (error: unknown) => {
        this.reading = null
        this.onError(error)
        // The backend did not answer: keep serving what was rendered at the last known revision.
        if (this.value === null) throw error
        return this.value
      },
    )
    return this.reading
  }

  /** Forget the last read: the next request asks the database again. */
  expire(): void {
    this.readAt = 0
  }
}
