import { useEffect, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { toast } from '../../lib/toast'
import { goToAdmin } from '../navigation'
import { useAuthState } from '../session'
import { LoadingScreen, UnavailableScreen } from '../shell/StatusScreens'
import { authError, validateNewPassword } from './authMessages'
import { readEmailLink } from './emailLink'
import { NewPasswordFields } from './NewPasswordFields'
import { TwoFactorStep } from '../twoFactor/TwoFactorStep'
import { useSecondFactor } from '../twoFactor/useSecondFactor'

/**
 * /auth/nueva-contrasena: where the recovery and invitation links land, signed in by the link itself (the
 * session arrives in the URL fragment). The person chooses a password and goes on to /admin; the server
 * ends every other session of the account when the password changes.
 */
export default function NewPasswordScreen() {
  const [link] = useState(() => readEmailLink(window.location.hash))
  const auth = useAuthState()
  // With a second factor, the link's session must pass it before the password can change (as on GoTrue).
  const secondFactor = useSecondFactor(auth)
  const invited = link.type === 'invite'
  // A failed link says so even when an older session is still in this browser.
  const session = auth.status === 'signed-in' && !link.error ? auth.session : null

  if (auth.status === 'loading') return <LoadingScreen />
  if (auth.status === 'unavailable') return <UnavailableScreen message={auth.message} />

  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-br from-slate-50 via-white to-brand-50 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <CardTitle as="h1" className="text-2xl">
            {invited ? 'Bienvenido al equipo' : 'Elige una contraseña nueva'}
          </CardTitle>
          <CardDescription>
            {session ? `${invited ? 'Elige la contraseña con la que entrarás' : 'Cuenta'}: ${session.user.email ?? ''}` : 'Este enlace ya no sirve'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {auth.status === 'signed-in' && session && secondFactor.state === 'needed' ? (
            <TwoFactorStep supabase={auth.supabase} factorId={secondFactor.factorId} email={session.user.email ?? ''} />
          ) : auth.status === 'signed-in' && session ? (
            <NewPasswordForm updatePassword={(password) => auth.supabase.auth.updateUser({ password })} invited={invited} />
          ) : (
            <ExpiredLink />
          )}
        </CardContent>
      </Card>
    </main>
  )
}

function NewPasswordForm({
  updatePassword,
  invited,
}: {
  updatePassword: (password: string) => Promise<{ error: { code?: string; message: string } | null }>
  invited: boolean
}) {
  const [password, setPassword] = useState('')
  const [repeated, setRepeated] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const invalid = validateNewPassword(password, repeated)
    if (invalid) return setError(invalid)
    setBusy(true)
    setError(null)
    const { error: failure } = await updatePassword(password)
    setBusy(false)
    if (failure) return setError(authError(failure))
    toast({ title: invited ? 'Contraseña guardada. ¡Bienvenido!' : 'Contraseña cambiada' })
    void goToAdmin()
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <NewPasswordFields password={password} repeated={repeated} onPassword={setPassword} onRepeated={setRepeated} />
      <p role="alert" className={error ? 'text-sm font-medium text-red-700' : 'sr-only'}>
        {error ?? ''}
      </p>
      <Button type="submit" size="lg" className="w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Guardando...' : invited ? 'Guardar y entrar' : 'Cambiar contraseña y entrar'}
      </Button>
    </form>
  )
}

/** The link was used already, expired, or was opened without its fragment: a way to ask for a new one. */
function ExpiredLink() {
  useEffect(() => {
    // Nothing to keep: the fragment held only GoTrue's error.
    if (window.location.hash) window.history.replaceState(null, '', window.location.pathname)
  }, [])
  return (
    <div className="grid gap-4 text-sm text-slate-700">
      <p role="alert">
        El enlace no es válido o ha caducado: cada enlace sirve una sola vez y durante una hora. Pide uno nuevo desde la página de acceso, o pide al
        administrador que te vuelva a invitar.
      </p>
      <Button asChild variant="outline">
        <a href="/auth">Ir a la página de acceso</a>
      </Button>
    </div>
  )
}
