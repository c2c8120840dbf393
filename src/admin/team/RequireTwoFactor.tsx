import type { PostgrestError } from '@supabase/supabase-js'
import { useEffect, useState } from 'react'
import { Card } from '../../components/ui/card'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { SwitchField } from '../shared/SwitchField'
import type { TeamMember } from './useTeam'

/** Why an admin's update of the setting touches no row: their session has not passed their second factor. */
const sessionNeedsSecondFactor = {
  name: 'PostgrestError',
  code: '42501',
  details: '',
  hint: 'two_factor_first',
  message: 'This session must pass two-factor sign-in to change the team settings',
} as PostgrestError

/**
 * «Exigir verificación en dos pasos» for the whole team (public.team_settings): from then on the database
 * refuses every write of a session that has not passed a second factor. Only an admin whose own session has
 * passed one can turn it on (the database refuses otherwise, and the message says why).
 */
export function RequireTwoFactor({ members }: { members: TeamMember[] }) {
  const { supabase } = useAdmin()
  const [required, setRequired] = useState<boolean | null>(null)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    void supabase
      .from('team_settings')
      .select('require_two_factor')
      .maybeSingle()
      .then(({ data }) => setRequired(data?.require_two_factor ?? false))
  }, [supabase])

  const change = async (next: boolean) => {
    setBusy(true)
    const saved = await mutate(
      supabase
        .from('team_settings')
        .update({ require_two_factor: next })
        .eq('id', true)
        .select('id')
        // Row-level security skips a row it refuses to update, with no error: no row back is the refusal.
        .then(({ data, error }) => ({ error: error ?? (data?.length ? null : sessionNeedsSecondFactor) })),
      {
        success: { title: next ? 'Verificación en dos pasos exigida' : 'Verificación en dos pasos opcional' },
        errorTitle: 'No se pudo cambiar',
      },
    )
    setBusy(false)
    if (saved) setRequired(next)
  }

  const withFactor = members.filter((member) => member.two_factor).length
  return (
    <Card className="mb-6 grid gap-2 p-4 sm:p-5">
      {required === null ? (
        <p role="status" className="text-sm text-slate-600">
          Cargando...
        </p>
      ) : (
        <SwitchField
          label="Exigir verificación en dos pasos a todo el equipo"
          checked={required}
          disabled={busy}
          onChange={(next) => void change(next)}
          hint="Quien no la tenga activada podrá entrar y consultar, pero no guardar cambios hasta activarla en «Verificación en dos pasos»."
        />
      )}
      {members.length > 0 && (
        <p className="text-sm text-slate-700">
          La tienen activada {withFactor} de {members.length} {members.length === 1 ? 'persona' : 'personas'}.
        </p>
      )}
    </Card>
  )
}
