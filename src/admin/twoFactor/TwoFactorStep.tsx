import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { authError, CODE_REQUIRED, oneTimeCode } from '../auth/authMessages'
import { CodeField } from './CodeField'

interface TwoFactorStepProps {
  supabase: SupabaseClient<Database>
  factorId: string
  email: string
}

/**
 * The second step of signing in, for an account with a verified TOTP factor: the code from the authenticator
 * app raises the session to aal2 (challenge + verify). auth-js then reports the new session, and the screen
 * that shows this step moves on. «Usar otra cuenta» signs the half-finished session out.
 */
export function TwoFactorStep({ supabase, factorId, email }: TwoFactorStepProps) {
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const code = oneTimeCode(typed)
    if (!code) return setError(CODE_REQUIRED)
    setBusy(true)
    setError(null)
    const { error: failure } = await supabase.auth.mfa.challengeAndVerify({ factorId, code })
    setBusy(false)
    if (failure) {
      setTyped('')
      setError(authError(failure))
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4" aria-labelledby="second-step-title">
      <div className="grid gap-1">
        <h2 id="second-step-title" className="text-lg font-semibold text-slate-900">
          Verificación en dos pasos
        </h2>
        <p className="text-sm text-slate-600">
          Abre tu aplicación de autenticación y escribe el código de <span className="break-all font-medium text-slate-800">{email}</span>.
        </p>
      </div>
      <CodeField value={typed} onChange={setTyped} error={error} autoFocus />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Verificando...' : 'Verificar'}
      </Button>
      <Button type="button" variant="link" className="w-full" onClick={() => void supabase.auth.signOut({ scope: 'local' })}>
        Usar otra cuenta
      </Button>
    </form>
  )
}
