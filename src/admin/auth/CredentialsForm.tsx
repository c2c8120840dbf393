import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { EmailField, PasswordField } from './AccountFields'

interface CredentialsFormProps {
  submitLabel: string
  /** A new password or the current one (password managers use this); sign-in asks for the current one. */
  newPassword: boolean
  hint?: string
  onSubmit: (email: string, password: string) => Promise<void>
}

/** Email + Contraseña: the "Iniciar Sesión" form. */
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
      <EmailField name="email" value={email} onChange={setEmail} />
      <PasswordField label="Contraseña" hint={hint} name="password" fresh={newPassword} value={password} onChange={setPassword} />
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={busy} aria-busy={busy}>
        {busy ? 'Cargando...' : submitLabel}
      </Button>
    </form>
  )
}
