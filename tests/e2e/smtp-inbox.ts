// A real SMTP server for the end-to-end specs: the worker's server sends to it (SMTP_URL, tests/e2e/fixtures.ts),
// and a spec reads what arrived.
import { expect } from '@playwright/test'
import { simpleParser, type ParsedMail } from 'mailparser'
import { SMTPServer } from 'smtp-server'

export class SmtpInbox {
  readonly received: ParsedMail[] = []
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData: (stream, _session, done) => {
      simpleParser(stream).then(
        (mail) => {
          this.received.push(mail)
          done()
        },
        (error: Error) => done(error),
      )
    },
  })

  listen(port: number): Promise<void> {
    return new Promise((resolve) => this.server.listen(port, '127.0.0.1', resolve))
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  /** The latest message to `to` whose subject matches, waiting for the server's mail queue to send it. */
  async latest(to: string, subject: RegExp): Promise<ParsedMail> {
    const find = () => this.received.filter((m) => m.to && JSON.stringify(m.to).includes(to) && subject.test(m.subject ?? '')).at(-1)
    await expect.poll(find, { timeout: 60_000, message: `a mail to ${to}` }).toBeDefined()
    return find()!
  }

  /** The first link in the message's text. */
  static link(mail: ParsedMail): string {
    const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0]
    expect(link, 'a link in the mail').toBeDefined()
    return link!
  }
}
