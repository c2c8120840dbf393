import { Input } from '../../components/ui/input'
import { Field } from '../shared/Field'

interface CodeFieldProps {
  /** Where the code comes from; the authenticator app unless said. */
  hint?: string
  name?: string
  value: string
  onChange: (value: string) => void
  error?: string | null
  autoFocus?: boolean
}

/**
 * A six-digit code (the authenticator app's, or one sent by e-mail): the numeric keyboard on phones, and
 * autocomplete="one-time-code" so browsers and password managers can fill it in.
 */
export function CodeField({
  value,
  onChange,
  error,
  autoFocus,
  name = 'totp',
  hint = 'Los 6 dígitos que muestra ahora tu aplicación de autenticación.',
}: CodeFieldProps) {
  return (
    <Field label="Código de verificación" hint={hint} error={error}>
      {(control) => (
        <Input
          {...control}
          name={name}
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={9}
          autoFocus={autoFocus}
          className="max-w-48 text-center font-mono text-lg tracking-[0.3em]"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
