import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { KeyRound } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { toast } from '../../lib/toast'
import { authError, validateNewPassword } from './authMessages'
import { CodeField } from '../twoFactor/CodeField'
import { NewPasswordFields } from './NewPasswordFields'
import { PasswordField } from './AccountFields'

/**
 * "Cambiar contraseña" for the signed-in person: proves it is them with the current password or, for whoever
 * does not remember it, a code mailed by `reauthenticate()`. The server ends the account's other sessions.
 */
export function ChangePasswordDialog({ supabase }: { supabase: SupabaseClient<Database> }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {/* Radix returns focus to this button when the dialog closes. */}
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)}>
        <KeyRound aria-hidden="true" /> Cambiar contraseña
      </Button>
      <DialogContent>
        <DialogTitle>Cambiar contraseña</DialogTitle>
        <DialogDescription>Se cerrarán las demás sesiones abiertas con tu cuenta.</DialogDescription>
        {open && <ChangePasswordForm supabase={supabase} onDone={() => setOpen(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function ChangePasswordForm({ supabase, onDone }: { supabase: SupabaseClient<Database>; onDone: () => void }) {
  const [current, setCurrent] = useState('')
  const [nonce, setNonce] = useState<string | null>(null)
  const [password, setPassword] = useState('')
  const [repeated, setRepeated] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const byCode = nonce !== null

  const sendCode = async () => {
    setBusy(true)
    setError(null)
    const { error: failure } = await supabase.auth.reauthenticate()
    setBusy(false)
    if (failure) return setError(authError(failure))
    setNonce('')
    toast({ title: 'Código enviado', description: 'Revisa tu correo: el código caduca en una hora.' })
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const proof = byCode ? nonce.trim() : current
    const invalid = proof
      ? validateNewPassword(password, repeated)
      : byCode
        ? 'Escribe el código que te hemos enviado'
        : 'Escribe tu contraseña actual'
    if (invalid) return setError(invalid)
    setBusy(true)
    setError(null)
    const { error: failure } = await supabase.auth.updateUser(byCode ? { password, nonce: proof } : { password, current_password: proof })
    setBusy(false)
    if (failure) return setError(authError(failure))
    toast({ title: 'Contraseña cambiada', description: 'Las demás sesiones de tu cuenta se han cerrado.' })
    onDone()
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      {byCode ? (
        <CodeField name="nonce" hint="El código de 6 cifras que te hemos enviado por correo" value={nonce} onChange={setNonce} />
      ) : (
        <div className="grid gap-1">
          <PasswordField label="Contraseña actual" name="current-password" fresh={false} value={current} onChange={setCurrent} />
          <Button
            type="button"
            variant="link"
            size="sm"
            className="h-auto justify-self-start whitespace-normal px-0 text-left"
            disabled={busy}
            onClick={() => void sendCode()}
          >
            ¿No la recuerdas? Recibe un código por correo
          </Button>
        </div>
      )}
      <NewPasswordFields password={password} repeated={repeated} onPassword={setPassword} onRepeated={setRepeated} />
      <p role="alert" className={error ? 'text-sm font-medium text-red-700' : 'sr-only'}>
        {error ?? ''}
      </p>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? 'Guardando...' : 'Cambiar contraseña'}
      </Button>
    </form>
  )
}
