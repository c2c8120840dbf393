// A server told to stop (SIGTERM, as a process manager or a test harness sends it) exits, whatever still
// holds on to it: here a mail server that greets and then never answers (the mailer's delivery in flight)
// and a client whose request never finishes. It must not stay alive and listening until someone kill -9s it.
import { readFile, rm } from 'node:fs/promises'
import { createConnection, createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { killAll, startServerProcess } from '../support/server-process.ts'
import { client, embeddedOnly, freshDataDir, isHosted } from './target.ts'

let dataDir: string | undefined
let smtp: Server | undefined
const sockets: Socket[] = []

afterAll(async () => {
  killAll()
  for (const socket of sockets) socket.destroy()
  smtp?.close()
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
})

describe.skipIf(isHosted)(`shutdown ${embeddedOnly}`, () => {
  it('SIGTERM ends the process while an SMTP server and a client hang on to it, and it says what it cut off', { timeout: 120_000 }, async () => {
    // Greets, then reads the client's EHLO and says nothing more: nodemailer would wait for its answer for minutes.
    let greeted!: () => void
    const smtpHangs = new Promise<void>((resolve) => (greeted = resolve))
    smtp = createServer((socket) => {
      sockets.push(socket)
      socket.write('220 mail.test ESMTP\r\n')
      socket.once('data', () => greeted())
    })
    await new Promise<void>((resolve) => smtp!.listen(0, '127.0.0.1', resolve))
    dataDir = await freshDataDir()
    // The stop's deadline is 10 s; 4 s here, which the steps before mail delivery fit in even on a loaded machine.
    const server = await startServerProcess(dataDir, {
      SMTP_URL: `smtp://127.0.0.1:${(smtp.address() as AddressInfo).port}`,
      SHUTDOWN_DEADLINE_MS: '4000',
    })
    const { serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
    const service = client({ kind: 'embedded', url: server.url, anonKey: '', serviceRoleKey, close: async () => {} }, serviceRoleKey)
    const queued = await service.from('mail_queue').insert({ message: { to: 'equipo@example.com', subject: 'Prueba', text: 'Hola' } })
    expect(queued.error).toBeNull()
    await smtpHangs

    // A form post that announced a body it never sends.
    const { port } = new URL(server.url)
    const slow = createConnection({ host: '127.0.0.1', port: Number(port) })
    sockets.push(slow)
    await new Promise((resolve) => slow.once('connect', resolve))
    slow.write('POST /shopify HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 500\r\n\r\nname=')

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(1)
    expect(server.output()).toMatch(/\[start\] not stopped \d+ s after SIGTERM, exiting anyway; still running: mail delivery/)
  })
})
