/**
 * Where queued messages go: an SMTP server (nodemailer), or, when none is configured, one .eml file per
 * message in DATA_DIR/outbox (owner-only), so nothing is lost on a machine without mail (docs/mail.md).
 */
import { randomUUID } from 'node:crypto'
import { mkdir, readdir, stat, unlink, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import nodemailer from 'nodemailer'
import type { Message } from './message.ts'

export interface Transport {
  /**
   * Sends one message or throws (the queue then retries it later). The outbox answers the name of the file it
   * wrote, which the queue keeps so that an erasure or retention can delete that copy too.
   */
  deliver(message: Message): Promise<string | void>
  /** Where messages go, for the one line the server prints at start. */
  readonly description: string
}

export interface MailEnv {
  /** smtp://user:pass@host:587 or smtps://…:465 (nodemailer's URL form). */
  SMTP_URL?: string
  /** The sender, e.g. "Nexo Digital <web@example.com>". */
  MAIL_FROM?: string
}

const OUTBOX_FROM = 'web@localhost'

/** SMTP when SMTP_URL is set, otherwise the outbox folder in the data folder. */
export function transportFromEnv(env: MailEnv, dataDir: string): Transport {
  if (env.SMTP_URL) return smtpTransport(env.SMTP_URL, env.MAIL_FROM || OUTBOX_FROM)
  return outboxTransport(outboxDir(dataDir), env.MAIL_FROM || OUTBOX_FROM)
}

/** The outbox folder of a data folder. */
export function outboxDir(dataDir: string): string {
  return join(dataDir, 'outbox')
}

export function smtpTransport(url: string, from: string): Transport {
  const transporter = nodemailer.createTransport(url)
  const { hostname, port } = new URL(url)
  return {
    description: `SMTP ${hostname}:${port || 'default'}`,
    async deliver(message) {
      await transporter.sendMail({ from, ...message })
    },
  }
}

export function outboxTransport(dir: string, from: string): Transport {
  // nodemailer composes the message exactly as SMTP would carry it, into a buffer instead of a socket.
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    description: `the outbox folder ${dir} (no SMTP_URL set)`,
    async deliver(message) {
      const { message: raw } = (await composer.sendMail({ from, ...message })) as { message: Buffer }
      await mkdir(dir, { recursive: true, mode: 0o700 })
      const file = join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID().slice(0, 8)}.eml`)
      await writeFile(file, raw, { mode: 0o600 })
      console.log(`[mail] written to ${file}`)
      return basename(file)
    },
  }
}

/**
 * Deletes outbox files by name (erased or past retention: public.mail_outbox_erasures). Only bare names are taken,
 * so a name can never reach outside the folder; a file already gone counts as deleted.
 */
export async function removeOutboxFiles(dir: string, names: string[]): Promise<void> {
  for (const name of names) {
    if (basename(name) !== name || name.startsWith('.')) throw new Error(`not an outbox file name: ${name}`)
    await unlink(join(dir, name)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error
    })
  }
}

/** Retention for files no queue row names (written before the queue kept their names): deletes those older than `before`. */
export async function removeFilesOlderThan(dir: string, before: Date): Promise<number> {
  const names = await readdir(dir).catch(() => [] as string[])
  let removed = 0
  for (const name of names) {
    const file = join(dir, name)
    const info = await stat(file).catch(() => undefined)
    if (!info?.isFile() || info.mtime >= before) continue
    await unlink(file).catch(() => undefined)
    removed += 1
  }
  return removed
}
