import { Input } from '../../components/ui/input'
import { Field } from '../shared/Field'

interface TextFieldProps {
  value: string
  onChange: (value: string) => void
  name: string
  error?: string | null
}

/** An e-mail address (sign-in, sign-up, recovery, invitation): the phone's e-mail keyboard, the browser's autofill. */
export function EmailField({ value, onChange, name, error, placeholder = 'tu@empresa.com' }: TextFieldProps & { placeholder?: string }) {
  return (
    <Field label="Email" error={error}>
      {(control) => (
        <Input
          {...control}
          type="email"
          name={name}
          // An invitation is someone else's address: the browser must not offer the admin's own.
          autoComplete={name === 'email' ? 'email' : 'off'}
          inputMode="email"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          placeholder={placeholder}
        />
      )}
    </Field>
  )
}

/**
 * A password field; `fresh` marks a new password (password managers offer to generate and save it) rather
 * than the current one (they fill it in).
 */
export function PasswordField({ label, value, onChange, name, fresh, hint }: TextFieldProps & { label: string; fresh: boolean; hint?: string }) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <Input
          {...control}
          type="password"
          name={name}
          autoComplete={fresh ? 'new-password' : 'current-password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  )
}
