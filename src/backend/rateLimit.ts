// Fixed-window counting per key, as GoTrue limits sign-ins, sign-ups and token refreshes per client address
// (supabase/config.toml [auth.rate_limit]: so many requests per IP per 5 minutes); auth.ts also counts failed
// sign-ins per account with it.
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>()
  private sweptAt = 0

  constructor(
    private readonly limit: number,
    private readonly windowMs = 5 * 60 * 1000,
  ) {}

  /** Counts one request from `client`; false once it has used up its window. */
  allow(client: string, now = Date.now()): boolean {
    const window = this.windows.get(client)
    if (!window || now - window.start >= this.windowMs) {
      // Past 10,000 clients, the expired windows are forgotten once per window, not on every new client (a
      // flood of new clients would otherwise walk the whole map at each request).
      if (this.windows.size > 10_000 && now - this.sweptAt >= this.windowMs) this.forgetExpired(now)
      this.windows.set(client, { start: now, count: 1 })
      return true
    }
    window.count += 1
    return window.count <= this.limit
  }

  /** True when `client` has used up its window, without counting a request. */
  usedUp(client: string, now = Date.now()): boolean {
    const window = this.windows.get(client)
    return Boolean(window && now - window.start < this.windowMs && window.count >= this.limit)
  }

  private forgetExpired(now: number): void {
    this.sweptAt = now
    for (const [client, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(client)
  }
}
