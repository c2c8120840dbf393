/**
 * The product's one mailer (docs/mail.md). `send` only queues the message (a row in public.mail_queue),
 * so a caller, say a visitor's form submission, never waits for SMTP and a message survives a restart or a
 * mail server that is down. A delivery loop in the server claims due messages every few seconds (and at
 * once after a send), hands them to the transport, and retries failures with a growing delay.
 */
import { messageSchema, type Message } from './message.ts'
import type { MailQueue } from './queue.server.ts'
import { removeFilesOlderThan, removeOutboxFiles, type Transport } from './transport.server.ts'

/**
 * Runs one background job and writes its log line (src/backend/log.ts `runJob`, handed in by the host, which
 * this folder does not import): `counts` says what the run did; all 0 is an idle run.
 */
export type JobRunner = <T>(name: string, work: () => Promise<T>, counts?: (result: T) => Record<string, number>) => Promise<T>

export interface MailerOptions {
  /** How often due messages are looked for (a failed send's retry is picked up by this). */
  pollMs?: number
  /** After this many attempts a message is left in the queue with its last error, and not retried. */
  maxAttempts?: number
  /** Delivered messages are deleted this long after (they hold personal data). */
  keepSentMs?: number
  /**
   * How long one call to the queue may take before the pass gives up on it (default 30 s). A pass runs alone, so a
   * request that never answered would otherwise hold back every later message, the poll's included.
   */
  queueTimeoutMs?: number
  /**
   * The outbox folder (DATA_DIR/outbox): each pass deletes the files whose messages were erased or are past
   * retention (public.mail_outbox_erasures), whatever the transport is now, since an earlier run may have written them.
   */
  outboxDir?: string
  /** Logs each delivery pass as a job (one line; debug when nothing was due). */
  job?: JobRunner
}

const BATCH = 10
const LEASE_SECONDS = 120
// 1 min, 5 min, 15 min, 1 h, 3 h, 6 h, 12 h: about a day of retries.
const RETRY_DELAYS_MS = [1, 5, 15, 60, 180, 360, 720].map((m) => m * 60_000)

export class Mailer {
  private timer: NodeJS.Timeout | undefined
  private running: Promise<number> | undefined
  private again = false
  private readonly pollMs: number
  private readonly maxAttempts: number
  private readonly keepSentMs: number
  private readonly queueTimeoutMs: number
  private readonly outboxDir: string | undefined
  private readonly job: JobRunner

  constructor(
    private readonly queue: MailQueue,
    readonly transport: Transport,
    options: MailerOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 5000
    this.maxAttempts = options.maxAttempts ?? RETRY_DELAYS_MS.length + 1
    this.keepSentMs = options.keepSentMs ?? 7 * 24 * 3600_000
    this.queueTimeoutMs = options.queueTimeoutMs ?? 30_000
    this.outboxDir = options.outboxDir
    this.job = options.job ?? ((_name, work) => work())
  }

  /** Queues a message (throws if it is malformed or the queue cannot be written) and wakes the loop. */
  async send(message: Message): Promise<void> {
    await this.queue.enqueue(messageSchema.parse(message))
    void this.deliverDue()
  }

  /** Starts the delivery loop. */
  start(): void {
    console.log(`[mail] messages go to ${this.transport.description}`)
    this.timer ??= setInterval(() => void this.deliverDue(), this.pollMs)
    this.timer.unref()
    void this.deliverDue()
  }

  async close(): Promise<void> {
    clearInterval(this.timer)
    this.timer = undefined
    await this.running
  }

  /** Delivers what is due; one pass at a time (a call during a pass runs another after it). Returns how many were sent. */
  deliverDue(): Promise<number> {
    if (this.running) {
      this.again = true
      return this.running
    }
    this.running = this.job(
      'mail delivery',
      () => this.pass(),
      (sent) => ({ sent }),
    )
      .catch((error: unknown) => {
        console.warn(`[mail] queue unreachable, retrying in ${this.pollMs} ms: ${error instanceof Error ? error.message : String(error)}`)
        return 0
      })
      .finally(() => {
        this.running = undefined
        if (this.again) {
          this.again = false
          void this.deliverDue()
        }
      })
    return this.running
  }

  /** Deletes delivered messages older than the keep period. */
  purge(now = Date.now()): Promise<void> {
    return this.queue.purgeSent(new Date(now - this.keepSentMs))
  }

  /** Retention (docs/leads.md): every message created before `cutoff`, and its outbox file, is deleted. */
  async retain(cutoff: Date): Promise<void> {
    await this.queue.retain(cutoff)
    if (this.outboxDir) await removeFilesOlderThan(this.outboxDir, cutoff)
    await this.deliverDue()
  }

  private async pass(): Promise<number> {
    await this.sweepOutbox()
    let sent = 0
    for (;;) {
      const batch = await this.bounded('claim', this.queue.claim(BATCH, LEASE_SECONDS))
      for (const mail of batch) {
        try {
          const file = await this.transport.deliver(mail.message)
          const kept = await this.bounded('sent', this.queue.sent(mail.id, file || undefined))
          // Erased while it was being written: the copy just made must not outlive the erasure.
          if (!kept && file && this.outboxDir) await removeOutboxFiles(this.outboxDir, [file])
          sent += 1
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error)
          const delay = mail.attempts < this.maxAttempts ? RETRY_DELAYS_MS[Math.min(mail.attempts - 1, RETRY_DELAYS_MS.length - 1)]! : null
          console.warn(`[mail] message ${mail.id} not sent (attempt ${mail.attempts}${delay === null ? ', giving up' : ''}): ${reason}`)
          await this.bounded('failed', this.queue.failed(mail.id, reason, delay === null ? null : new Date(Date.now() + delay)))
        }
      }
      if (batch.length < BATCH) return sent
    }
  }

  /** Deletes the outbox files of erased or expired messages, then forgets their names. */
  private async sweepOutbox(): Promise<void> {
    if (!this.outboxDir) return
    const files = await this.bounded('outbox erasures', this.queue.outboxErasures())
    if (files.length === 0) return
    await removeOutboxFiles(this.outboxDir, files)
    await this.bounded('outbox erased', this.queue.outboxErased(files))
  }

  /** A queue call, or an error once it has taken longer than queueTimeoutMs (the pass ends; the next one starts afresh). */
  private bounded<T>(what: string, call: Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`mail_queue ${what}: no answer in ${this.queueTimeoutMs} ms`)), this.queueTimeoutMs)
    })
    return Promise.race([call, timeout]).finally(() => clearTimeout(timer))
  }
}
