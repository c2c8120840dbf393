import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { toast } from '../../lib/toast'
import { goToAdmin } from '../navigation'
import { useAuthState } from '../session'
import { LoadingScreen, UnavailableScreen } from '../shell/StatusScreens'
import { TwoFactorStep } from '../twoFactor/TwoFactorStep'
import { useSecondFactor } from '../twoFactor/useSecondFactor'
import { signInError, validateCredentials } from './authMessages'
import { CredentialsForm } from './CredentialsForm'
import { ForgotPasswordForm } from './ForgotPasswordForm'

function fail(description: string) {
  toast({ title: 'Error', description, variant: 'destructive' })
}

/**
 * /auth: sign in (with the authenticator app's code as a second step when the account has one) or ask for a
 * recovery link; any complete session, existing or new, goes on to /admin. There is no sign-up: accounts come
 * from an admin's invitation (docs/decisions/0088-no-public-sign-up.md).
 */
export default function AuthScreen() {
  const auth = useAuthState()
  const secondFactor = useSecondFactor(auth)
  const [recovering, setRecovering] = useState(false)

  useEffect(() => {
    if (secondFactor.state === 'passed') void goToAdmin()
  }, [secondFactor.state])

  if (auth.status === 'loading' || (auth.status === 'signed-in' && secondFactor.state !== 'needed')) return <LoadingScreen />
  if (auth.status === 'unavailable') return <UnavailableScreen message={auth.message} />
  const { supabase } = auth

  const signIn = async (email: string, password: string) => {
    const invalid = validateCredentials(email, password, false)
    if (invalid) return fail(invalid)
    const { data, error } = await supabase.auth.signInWithPassword({ email: email.trim(), password })
    if (error) return fail(signInError(error.message))
    // With a second factor the code comes next: the session is not complete yet.
    if (!data.user.factors?.some((factor) => factor.status === 'verified')) toast({ title: 'Sesión iniciada' })
  }

  return (
    <main className="grid min-h-dvh place-items-center bg-gradient-to-br from-slate-50 via-white to-brand-50 px-4 py-10">
      <Card className="w-full max-w-md">
        <CardHeader className="items-center text-center">
          <CardTitle as="h1" className="text-2xl">
            Panel de Administración
          </CardTitle>
          <CardDescription>Accede al CMS para gestionar tu sitio web</CardDescription>
        </CardHeader>
        <CardContent>
          {auth.status === 'signed-in' && secondFactor.state === 'needed' ? (
            <TwoFactorStep supabase={supabase} factorId={secondFactor.factorId} email={auth.session.user.email ?? ''} />
          ) : recovering ? (
            <ForgotPasswordForm supabase={supabase} onBack={() => setRecovering(false)} />
          ) : (
            <>
              <CredentialsForm submitLabel="Iniciar Sesión" newPassword={false} onSubmit={signIn} />
              <Button type="button" variant="link" className="mt-2 w-full" onClick={() => setRecovering(true)}>
                ¿Olvidaste tu contraseña?
              </Button>
              <p className="mt-4 text-center text-sm text-slate-600">
                ¿No tienes cuenta? El acceso es solo para el equipo: pide a un administrador que te invite.
              </p>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
