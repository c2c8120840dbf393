/**
 * Row-level security refuses a write the same way whatever its reason: an insert gets 42501, an update or a
 * delete matches no row (which the admin would take for an edit conflict). When the reason is the two-factor
 * rule (docs/decisions/0057-two-factor-enforced-by-rls.md), staff must hear that instead, with what to do.
 * Asked after a refusal, of the same two facts the write policies check: the session's `aal`, and
 * two_factor_required() (the account has a verified factor, or the team requires one).
 */
import type { SupabaseClient } from '@supabase/supabase-js'
import { getSupabase } from '../../lib/supabase'
import { describeError, isPermissionRefusal, type ServerError } from '../../cms/errors'

export const TWO_FACTOR_REFUSALS = {
  enrol:
    'Tu equipo exige verificación en dos pasos: actívala en «Verificación en dos pasos», en la cabecera del panel, y vuelve a guardar. Hasta entonces no se guarda ningún cambio.',
  signIn: 'Tu cuenta tiene verificación en dos pasos: cierra sesión y vuelve a entrar con tu código para poder guardar cambios.',
} as const

/** The Spanish reason when the two-factor rule refused this session's write, or null when it did not. */
export async function twoFactorRefusal(supabase: SupabaseClient): Promise<string | null> {
  const { data: level } = await supabase.auth.mfa.getAuthenticatorAssuranceLevel()
  if (!level || level.currentLevel === 'aal2') return null
  const { data: required } = (await supabase.rpc('two_factor_required')) as { data: boolean | null }
  if (required !== true) return null
  // A verified factor makes aal2 the next level: the person has one, but signed in without the code.
  return level.nextLevel === 'aal2' ? TWO_FACTOR_REFUSALS.signIn : TWO_FACTOR_REFUSALS.enrol
}

/**
 * describeError() for a refused write: the two-factor rule's reason first when that is what refused it, asked of
 * the client that wrote (the admin's own by default).
 */
export async function describeWriteError(error: ServerError, subject?: string, supabase?: SupabaseClient): Promise<string> {
  const reason = isPermissionRefusal(error) ? await twoFactorRefusal(supabase ?? (await getSupabase())) : null
  return reason ?? describeError(error, subject)
}
