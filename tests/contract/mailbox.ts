// The auth service's e-mails, caught for the contract tests: the embedded backend is given this mailbox as
// its mailer, and a test waits for the message to an address and reads its link and code.
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect } from 'vitest'
import type { AuthMessage } from '../../src/backend/auth/index.ts'

export class Mailbox {
  readonly messages: AuthMessage[] = []
  readonly mailer = async (message: AuthMessage) => {
    this.messages.push(message)
  }

  /** The latest message to `to`, waiting for it (sending happens after the answer for recovery). */
  async latest(to: string, subject?: RegExp): Promise<{ message: AuthMessage; link: string | undefined; code: string }> {
    const find = () => this.messages.filter((m) => m.to === to && (!subject || subject.test(m.subject))).at(-1)
    await expect.poll(find, { timeout: 10_000 }).toBeDefined()
    const message = find()!
    return { message, link: /https?:\/\/\S+/.exec(message.text)?.[0], code: /ódigo: (\d{6})/.exec(message.text)?.[1] ?? '' }
  }

  countTo(to: string): number {
    return this.messages.filter((m) => m.to === to).length
  }
}

/** Follows an e-mailed link as a browser would, without following the redirect: the session in its fragment. */
export async function followLink(link: string): Promise<{ location: URL; params: URLSearchParams }> {
  const response = await fetch(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  const location = new URL(response.headers.get('location') ?? '')
  return { location, params: new URLSearchParams(location.hash.slice(1)) }
}

/**
 * Accepts an invitation as the invitee's browser would: its link lands on `landing` with the session in the
 * fragment, and the page sets the invitee's first `password` in that session (`invitee`, a fresh client).
 */
export async function acceptInvitation(link: string, landing: string, invitee: SupabaseClient, password: string): Promise<void> {
  const { location, params } = await followLink(link)
  expect(location.pathname).toBe(landing)
  expect(params.get('type')).toBe('invite')
  await invitee.auth.setSession({ access_token: params.get('access_token')!, refresh_token: params.get('refresh_token')! })
  expect((await invitee.auth.updateUser({ password })).error).toBeNull()
}
