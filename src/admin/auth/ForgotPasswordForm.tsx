import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { EmailField } from './AccountFields'
import { authError } from './authMessages'

/** Where the e-mailed recovery and invitation links land (pages/auth/nueva-contrasena). */
export const NEW_PASSWORD_PATH = '/auth/nueva-contrasena'

interface ForgotPasswordFormProps {
  supabase: SupabaseClient<Database>
  onBack: () => void
}

/**
 * "¿Olvidaste tu contraseña?": asks for the recovery e-mail. The answer is the same whether or not the
 * address has an account (the server answers before it looks), so the page says the same too.
 */
export function ForgotPasswordForm({ supabase, onBack }: ForgotPasswordFormProps) {
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [sentTo, setSentTo] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) return setError('Escribe el email de tu cuenta')
    setBusy(true)
    setError(null)
    const { error: failure } = await supabase.auth.resetPasswordForEmail(email.trim(), {
      redirectTo: `${window.location.origin}${NEW_PASSWORD_PATH}`,
    })
    setBusy(false)
    if (failure) return setError(authError(failure))
    setSentTo(email.trim())
  }

  if (sentTo) {
    return (
      <div className="grid gap-4">
        <p role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm text-emerald-950">
          Si <strong>{sentTo}</strong> tiene una cuenta en el panel, recibirás un correo con un enlace para elegir una contraseña nueva. El enlace
          caduca en una hora y sirve una sola vez.
        </p>
        <Button type="button" variant="outline" onClick={onBack}>
          Volver a iniciar sesión
        </Button>
      </div>
    )
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <h2 className="text-base font-semibold text-slate-900">Restablecer la contraseña</h2>
      <p className="text-sm text-slate-600">Escribe el email de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.</p>
      <EmailField name="email" value={email} onChange={setEmail} error={error} />
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Enviando...' : 'Enviar enlace'}
      </Button>
      <Button type="button" variant="ghost" onClick={onBack}>
        Volver a iniciar sesión
      </Button>
    </form>
  )
}
