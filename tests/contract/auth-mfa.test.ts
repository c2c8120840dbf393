// Two-factor sign-in with TOTP through supabase-js's mfa API: enrolment (QR code, secret), verification
// raising the session to aal2 (the JWT's aal and amr claims), wrong codes locking the factor, unenrolment,
// and the admin API's view of factors. Codes are computed here with otpauth, as an authenticator app would.
import type { SupabaseClient } from '@supabase/supabase-js'
import { rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startServer } from '../../src/backend/app.ts'
import { enrolTotp, totpCode as codeFor, wrongTotpCode } from '../support/totp.ts'
import { account, client, decodeJwt, embeddedOnly, freshDataDir, isHosted, startTarget, type Account, type Target } from './target.ts'

let target: Target

beforeAll(async () => {
  target = await startTarget({ auth: { mfaFailuresBeforeLock: MFA_FAILURES_BEFORE_LOCK } })
})
afterAll(() => target?.close())

async function accessClaims(supabase: SupabaseClient) {
  const { data } = await supabase.auth.getSession()
  return decodeJwt(data.session!.access_token)
}

const enrolled = (someone: Account) => enrolTotp(someone.client)

const MFA_FAILURES_BEFORE_LOCK = 3

/** A server of our own on `dataDir`, to stop and start again on the same folder. */
async function embeddedOn(dataDir: string): Promise<Target> {
  const server = await startServer({
    port: 0,
    dataDir,
    auth: { mfaFailuresBeforeLock: MFA_FAILURES_BEFORE_LOCK, signInRateLimit: 10_000, refreshRateLimit: 10_000 },
  })
  return { kind: 'embedded', url: server.url, anonKey: server.keys.anonKey, serviceRoleKey: server.keys.serviceRoleKey, close: () => server.close() }
}

/** Signs in as `someone` from another client and sends wrong codes until the factor locks; that client, at aal1. */
async function guessWrongCodes(on: Target, someone: Account, factorId: string, secret: string): Promise<SupabaseClient> {
  const guesser = client(on)
  await guesser.auth.signInWithPassword({ email: someone.email, password: someone.password })
  for (let i = 0; i < MFA_FAILURES_BEFORE_LOCK; i++) {
    const { error } = await guesser.auth.mfa.challengeAndVerify({ factorId, code: wrongTotpCode(secret) })
    expect(error?.code).toBe('mfa_verification_failed')
  }
  return guesser
}

describe('TOTP factors', () => {
  it('enrol with a QR code and the secret; verifying raises the session to aal2 with totp in amr', async () => {
    const someone = await account(target, { staff: true })
    const { data, error } = await someone.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Móvil' })
    expect(error).toBeNull()
    expect(data!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg/)
    // a browser renders it as an <img>: nothing in the unencoded data: URL may read as its fragment
    expect(data!.totp.qr_code).not.toContain('#')
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(data!.totp.uri).toMatch(/^otpauth:\/\/totp\/.*secret=/)
    expect((await someone.client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })

    const challenge = await someone.client.auth.mfa.challenge({ factorId: data!.id })
    expect(challenge.error).toBeNull()
    const verified = await someone.client.auth.mfa.verify({ factorId: data!.id, challengeId: challenge.data!.id, code: codeFor(data!.totp.secret) })
    expect(verified.error).toBeNull()
    const claims = await accessClaims(someone.client)
    expect(claims.aal).toBe('aal2')
    expect((claims.amr as { method: string }[]).map((a) => a.method)).toEqual(['totp', 'password'])
    expect(claims.session_id).toBeTruthy()
    const { data: factors } = await someone.client.auth.mfa.listFactors()
    expect(factors?.totp.map((f) => f.status)).toEqual(['verified'])
  })

  it('a new sign-in starts at aal1 with aal2 next, and the right code raises it', async () => {
    const someone = await account(target, { staff: true })
    const { factorId, secret } = await enrolled(someone)
    const again = client(target)
    await again.auth.signInWithPassword({ email: someone.email, password: someone.password })
    expect((await again.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' })
    // a challenge is used once
    const challenge = await again.auth.mfa.challenge({ factorId })
    expect((await again.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeFor(secret) })).error).toBeNull()
    const reused = await again.auth.mfa.verify({ factorId, challengeId: challenge.data!.id, code: codeFor(secret) })
    expect(reused.error?.code).toBe('mfa_challenge_expired')
    expect((await accessClaims(again)).aal).toBe('aal2')
  })

  it.skipIf(isHosted)(`wrong codes are refused, then the factor is locked even for the right one ${embeddedOnly}`, async () => {
    const someone = await account(target, { staff: true })
    const { factorId, secret } = await enrolled(someone)
    const guesser = await guessWrongCodes(target, someone, factorId, secret)
    const locked = await guesser.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })
    expect(locked.error?.status).toBe(429)
    expect((await accessClaims(guesser)).aal).toBe('aal1')
  })

  it.skipIf(isHosted)(`a locked factor stays locked after the server restarts ${embeddedOnly}`, async () => {
    const dataDir = await freshDataDir()
    const first = await embeddedOn(dataDir)
    const someone = await account(first, { staff: true })
    const { factorId, secret } = await enrolled(someone)
    await guessWrongCodes(first, someone, factorId, secret)
    await first.close()

    const second = await embeddedOn(dataDir)
    try {
      const again = client(second)
      expect((await again.auth.signInWithPassword({ email: someone.email, password: someone.password })).error).toBeNull()
      const locked = await again.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })
      expect(locked.error?.status).toBe(429)
      expect((await accessClaims(again)).aal).toBe('aal1')
    } finally {
      await second.close()
      await rm(dataDir, { recursive: true, force: true })
    }
  })

  it('unenrolling a verified factor needs aal2', async () => {
    const someone = await account(target, { staff: true })
    const { factorId } = await enrolled(someone)
    const weak = client(target)
    await weak.auth.signInWithPassword({ email: someone.email, password: someone.password })
    expect((await weak.auth.mfa.unenroll({ factorId })).error?.code).toBe('insufficient_aal')
    expect((await someone.client.auth.mfa.unenroll({ factorId })).error).toBeNull()
    expect((await someone.client.auth.mfa.listFactors()).data?.totp).toEqual([])
  })

  it("verifying a new factor ends the account's sessions that have not passed it", async () => {
    const someone = await account(target, { staff: true })
    const other = client(target)
    await other.auth.signInWithPassword({ email: someone.email, password: someone.password })
    await enrolled(someone)
    expect((await other.auth.refreshSession()).error).not.toBeNull()
    expect((await someone.client.auth.refreshSession()).error).toBeNull()
  })

  it(`phone and WebAuthn factors answer GoTrue's "not enabled" errors`, async () => {
    const someone = await account(target, { staff: true })
    expect((await someone.client.auth.mfa.enroll({ factorType: 'phone', phone: '+34600000000' })).error?.code).toBe('mfa_phone_enroll_not_enabled')
  })

  it("the admin API lists and deletes a user's factors", async () => {
    const someone = await account(target, { staff: true })
    const { factorId } = await enrolled(someone)
    const admin = client(target, target.serviceRoleKey).auth.admin.mfa
    const listed = await admin.listFactors({ userId: someone.id })
    expect(listed.data?.factors.map((f) => f.id)).toEqual([factorId])
    expect((await admin.deleteFactor({ userId: someone.id, id: factorId })).error).toBeNull()
    expect((await admin.listFactors({ userId: someone.id })).data?.factors).toEqual([])
  })
})
