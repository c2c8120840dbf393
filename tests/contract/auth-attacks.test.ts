// Sign-in attacks, reproduced through supabase-js and plain HTTP against
// the embedded backend: a password flood, a guessing campaign against one account, NUL bytes in auth fields
// (and what the server's logger then writes), and passwords longer than bcrypt's 72 bytes.
import bcrypt from 'bcryptjs'
import fs from 'node:fs'
import { rm } from 'node:fs/promises'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { Database } from '../../src/backend/db.ts'
import { BCRYPT_COST } from '../../src/backend/passwordHashing.ts'
import { client, embeddedOnly, freshDataDir, isHosted, startTarget, uniqueEmail, type Target } from './target.ts'

let target: Target
beforeAll(async () => {
  // Production's hash cost, not the tests' lower one: the flood must find every hashing slot still busy.
  if (!isHosted) target = await startTarget({ auth: { hashing: { concurrent: 1, inFlight: 4 }, passwordHashCost: BCRYPT_COST } })
})
afterAll(() => target?.close())
afterEach(() => vi.restoreAllMocks())

/**
 * What the server's logger (pino, src/backend/log.ts) writes to stdout from now on. It writes synchronously
 * with fs.writeSync on descriptor 1 (pino.destination, or pino-pretty's, with `sync`), never through console.
 */
function watchLog(): () => string {
  const written: string[] = []
  const write = fs.writeSync.bind(fs) as (...args: unknown[]) => number
  vi.spyOn(fs, 'writeSync').mockImplementation((...args: unknown[]) => {
    if (args[0] === 1) written.push(String(args[1]))
    return write(...args)
  })
  return () => written.join('')
}

/** A confirmed account with `password`, made as accounts are now: by the service role (sign-up is off). */
async function member(email: string, password: string) {
  const { error } = await client(target, target.serviceRoleKey).auth.admin.createUser({ email, password, email_confirm: true })
  return { error }
}

/** A raw GoTrue call, as an attacker sends it (supabase-js would refuse some of these bodies itself). */
async function auth(path: string, body: unknown): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${target.url}/auth/v1/${path}`, {
    method: 'POST',
    headers: { apikey: target.anonKey, 'Content-Type': 'application/json', 'X-Supabase-Api-Version': '2024-01-01' },
    body: JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

describe.skipIf(isHosted)(`a password flood ${embeddedOnly}`, () => {
  it('bounds the hashes in flight: sign-ins beyond the bound get 429 over_request_rate_limit at once, and the server keeps answering', async () => {
    const guesses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => auth('token?grant_type=password', { email: `nadie-${i}@example.com`, password: `adivina-${i}` })),
    )
    const statuses = guesses.map((guess) => guess.status)
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(24 - 4)
    expect(statuses.filter((status) => status === 400).length).toBeGreaterThan(0)
    expect(new Set(statuses)).toEqual(new Set([400, 429]))
    const refused = guesses.find((guess) => guess.status === 429)!
    expect(refused.body).toMatchObject({ code: 'over_request_rate_limit', message: 'Request rate limit reached' })

    // Once the flood has passed, a real member signs in.
    const email = uniqueEmail('after-flood')
    expect((await member(email, 'secreto-123')).error).toBeNull()
    expect((await client(target).auth.signInWithPassword({ email, password: 'secreto-123' })).error).toBeNull()
  })

  it('limits failed sign-ins per account: after 10 wrong passwords even the right one waits (429), other accounts do not', async () => {
    const victim = uniqueEmail('victim')
    const bystander = uniqueEmail('bystander')
    for (const email of [victim, bystander]) expect((await member(email, 'secreto-123')).error).toBeNull()
    for (let i = 0; i < 10; i++) {
      const { error } = await client(target).auth.signInWithPassword({ email: victim, password: `adivina-${i}` })
      expect(error?.code).toBe('invalid_credentials')
    }
    const locked = await client(target).auth.signInWithPassword({ email: victim.toUpperCase(), password: 'secreto-123' })
    expect(locked.error?.status).toBe(429)
    expect(locked.error?.code).toBe('over_request_rate_limit')
    expect(locked.error?.message).toContain('failed sign-in attempts for this account')
    expect((await client(target).auth.signInWithPassword({ email: bystander, password: 'secreto-123' })).error).toBeNull()
  })
})

describe.skipIf(isHosted)(`NUL bytes in auth fields ${embeddedOnly}`, () => {
  it('answers 400 in GoTrue shape at sign-up, sign-in and in sign-up data, and logs neither the e-mail nor a hash', async () => {
    const printed = watchLog()
    const email = 'a\u0000b@x.es'
    const signup = await auth('signup', { email, password: 'Valida-123' })
    expect(signup).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed' }) })
    const signin = await auth('token?grant_type=password', { email, password: 'Valida-123' })
    expect(signin).toEqual({ status: 400, body: expect.objectContaining({ code: 'invalid_credentials' }) })
    for (const data of [{ nombre: 'a\u0000b' }, { 'cla\u0000ve': 1 }, { lista: [{ dentro: ['\u0000'] }] }]) {
      const withData = await auth('signup', { email: uniqueEmail('nul-data'), password: 'Valida-123', data })
      expect(withData).toEqual({ status: 400, body: expect.objectContaining({ code: 'validation_failed', message: expect.stringContaining('NUL') }) })
    }
    // The legacy (version-less) body is GoTrue's too.
    const legacy = await fetch(`${target.url}/auth/v1/signup`, {
      method: 'POST',
      headers: { apikey: target.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password: 'Valida-123' }),
    })
    expect(await legacy.json()).toMatchObject({ code: 400, error_code: 'validation_failed' })
    // The watch sees the log: each request's line is there (so the two refusals below can fail).
    expect(printed()).toContain('POST /auth/v1/signup 400')
    expect(printed()).not.toContain('x.es')
    expect(printed()).not.toMatch(/\$2[aby]\$/)
  })
})

describe.skipIf(isHosted)(`passwords longer than bcrypt's 72 bytes ${embeddedOnly}`, () => {
  const real = 'ñ'.repeat(36) + 'RealSecret' // 36 characters of 2 bytes: the first 72 bytes are all "ñ"
  const other = 'ñ'.repeat(36) + 'TotallyDifferent'

  it('refuses to make an account with one, saying it counts bytes', async () => {
    const { error } = await member(uniqueEmail('long'), real)
    expect(error?.status).toBe(400)
    expect(error?.code).toBe('validation_failed')
    expect(error?.message).toBe('Password cannot be longer than 72 bytes (UTF-8: letters such as ñ or á count as 2)')
    // 72 bytes exactly is fine.
    expect((await member(uniqueEmail('long'), 'ñ'.repeat(36))).error).toBeNull()
  })

  it('never lets a different password in on an account made by an earlier version, and earlier hashes keep working', async () => {
    // What earlier versions stored: bcryptjs hashes, one of them of a password whose first 72 bytes are all
    // that bcrypt read.
    const dataDir = await freshDataDir()
    const longEmail = uniqueEmail('legacy-long')
    const plainEmail = uniqueEmail('legacy')
    const { db } = await Database.open(dataDir)
    for (const [email, password] of [
      [longEmail, real],
      [plainEmail, 'antigua-clave-1'],
    ] as const) {
      await db.transaction((tx) =>
        tx.query('insert into auth.users (email, encrypted_password, email_confirmed_at) values ($1, $2, now())', [
          email,
          bcrypt.hashSync(password, 10),
        ]),
      )
    }
    await db.close()
    const legacy = await startTarget({ dataDir })
    try {
      const intruder = await client(legacy).auth.signInWithPassword({ email: longEmail, password: other })
      expect(intruder.data.session).toBeNull()
      expect(intruder.error?.code).toBe('invalid_credentials')
      const owner = await client(legacy).auth.signInWithPassword({ email: plainEmail, password: 'antigua-clave-1' })
      expect(owner.error).toBeNull()
      expect(owner.data.session?.access_token).toBeTruthy()
    } finally {
      await legacy.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
