import { useEffect, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { toast } from '../../lib/toast'
import { goToAdmin } from '../navigation'
import { useAuthState } from '../session'
import { LoadingScreen, UnavailableScreen } from '../shell/StatusScreens'
import { TwoFactorStep } from '../two-factor/TwoFactorStep'
import { useSecondFactor } from '../two-factor/useSecondFactor'
import { signInError, signUpError, validateCredentials } from './authMessages'
import { CredentialsForm } from './CredentialsForm'
import { ForgotPasswordForm } from './ForgotPasswordForm'

function fail(description: string) {
  toast({ title: 'Error', description, variant: 'destructive' })
}

/**
 * /auth: sign in (with the authenticator app's code as a second step when the account has one), sign up or
 * ask for a recovery link; any complete session, existing or new, goes on to /admin.
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

  const signUp = async (email: string, password: string) => {
    const invalid = validateCredentials(email, password, true)
    if (invalid) return fail(invalid)
    const { data, error } = await supabase.auth.signUp({
      email: email.trim(),
      password,
      options: { emailRedirectTo: `${window.location.origin}/admin` },
    })
    if (error) return fail(signUpError(error.message))
    // With e-mail confirmation on (hosted Supabase can require it) there is no session yet.
    toast({ title: 'Cuenta creada exitosamente', description: data.session ? undefined : 'Revisa tu correo para confirmar la cuenta.' })
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
            <Tabs defaultValue="login">
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login">Iniciar Sesión</TabsTrigger>
                <TabsTrigger value="signup">Registrarse</TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="mt-5">
                <CredentialsForm submitLabel="Iniciar Sesión" newPassword={false} onSubmit={signIn} />
                <Button type="button" variant="link" className="mt-2 w-full" onClick={() => setRecovering(true)}>
                  ¿Olvidaste tu contraseña?
                </Button>
              </TabsContent>
              <TabsContent value="signup" className="mt-5">
                <CredentialsForm submitLabel="Crear Cuenta" newPassword hint="Mínimo 6 caracteres" onSubmit={signUp} />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
    </main>
  )
}
