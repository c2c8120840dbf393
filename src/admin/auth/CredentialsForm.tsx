import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Input } from '../../components/ui/input'
import { Field } from '../shared/Field'

interface CredentialsFormProps {
  submitLabel: string
  /** Sign-up asks for a new password, sign-in for the current one (password managers use this). */
  newPassword: boolean
  hint?: string
  onSubmit: (email: string, password: string) => Promise<void>
}

/** Email + Contraseña, shared by the "Iniciar Sesión" and "Registrarse" tabs. */
export function CredentialsForm({ submitLabel, newPassword, hint, onSubmit }: CredentialsFormProps) {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      await onSubmit(email, password)
    } finally {
      setBusy(false)
    }
  }

  return (
    // noValidate: the panel's own Spanish messages ("Por favor completa todos los campos") replace the browser's.
    <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
      <Field label="Email">
        {(control) => (
          <Input
            {...control}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="tu@empresa.com"
          />
        )}
      </Field>
      <Field label="Contraseña" hint={hint}>
        {(control) => (
          <Input
            {...control}
            type="password"
            name="password"
            autoComplete={newPassword ? 'new-password' : 'current-password'}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
        )}
      </Field>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Cargando...' : submitLabel}
      </Button>
    </form>
  )
}
