// TOTP codes as an authenticator app computes them (RFC 6238: SHA-1, 6 digits, 30 s), for the tests that sign
// in with a second factor through supabase-js or the admin's screens.
import type { SupabaseClient } from '@supabase/supabase-js'
import { Secret, TOTP } from 'otpauth'

/** The code for `secret` now, or `offset` 30-second steps away. */
export function totpCode(secret: string, offset = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' })
  return totp.generate({ timestamp: Date.now() + offset * 30_000 })
}

/** A six-digit code that is not valid for `secret` now. */
export function wrongTotpCode(secret: string): string {
  return totpCode(secret) === '000000' ? '111111' : '000000'
}

/** Enrols and verifies a TOTP factor for the signed-in client, leaving its session at aal2. */
export async function enrolTotp(supabase: SupabaseClient): Promise<{ factorId: string; secret: string }> {
  const { data, error } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Móvil' })
  if (error) throw error
  const verified = await supabase.auth.mfa.challengeAndVerify({ factorId: data.id, code: totpCode(data.totp.secret) })
  if (verified.error) throw verified.error
  return { factorId: data.id, secret: data.totp.secret }
}
