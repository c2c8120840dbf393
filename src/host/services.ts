// The host's server is a composition of services (src/host/start.ts): the backend, mail delivery, the contact
// form, the Markdown workers, the 404 log, the live site, the image variants. Each is started by a function of
// the shape `start(deps) → { close() }` and handed to `Services.start` under a name; a stop closes them one at a
// time, the last started first, so a service still has what it was started with (the backend above all) while
// it closes. A stop has a deadline: a close that hangs (mail delivery to an SMTP server that stopped answering,
// a flush that never settles) must not leave the process alive and listening until someone kills it. Cutting
// it short loses nothing acknowledged: every answered write is durable, and a message whose delivery was cut
// is sent again after its lease.

/** What a started service gives back: how to stop it (timers cleared, work in flight finished or cut). */
export interface Service {
  close(): void | Promise<void>
}

export class Services {
  private readonly started: { name: string; service: Service }[] = []
  private readonly closing = new Set<string>()

  /** Starts a service after the ones started before it; the stop will close it before them. */
  async start<S extends Service>(name: string, start: () => S | Promise<S>): Promise<S> {
    const service = await start()
    this.started.push({ name, service })
    return service
  }

  /** Closes every started service, one at a time, in the reverse order of their start. */
  async close(): Promise<void> {
    for (const { name, service } of [...this.started].reverse()) {
      this.closing.add(name)
      try {
        await service.close()
      } finally {
        this.closing.delete(name)
      }
    }
  }

  /** The services whose close has begun and not ended. */
  stillClosing(): string[] {
    return [...this.closing]
  }

  /**
   * On SIGINT or SIGTERM, runs `first` (the HTTP server stops accepting and lets the requests in flight end,
   * so none reaches a service that is closing), closes every service and exits (status 0, or 1 when a close
   * failed); a stop that has not ended `deadlineMs` after the signal says what it is still waiting for and
   * exits with status 1.
   */
  stopOnSignals(deadlineMs: number, first?: { name: string; stop: () => Promise<void> }): void {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      process.once(signal, () => {
        setTimeout(() => {
          console.error(
            `[start] not stopped ${deadlineMs / 1000} s after ${signal}, exiting anyway; still running: ${this.stillClosing().join(', ')}`,
          )
          process.exit(1)
        }, deadlineMs).unref()
        const stopFirst = async () => {
          if (!first) return
          this.closing.add(first.name)
          try {
            await first.stop()
          } finally {
            this.closing.delete(first.name)
          }
        }
        stopFirst()
          .then(() => this.close())
          .then(
            () => process.exit(0),
            () => process.exit(1),
          )
      })
    }
  }
}
