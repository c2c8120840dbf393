import { Input } from '../../components/ui/input'
import { Field } from '../shared/Field'

interface NewPasswordFieldsProps {
  password: string
  repeated: string
  onPassword: (value: string) => void
  onRepeated: (value: string) => void
}

/** "Nueva contraseña" twice, marked new-password so password managers offer to generate and save one. */
export function NewPasswordFields({ password, repeated, onPassword, onRepeated }: NewPasswordFieldsProps) {
  return (
    <>
      <Field label="Nueva contraseña" hint="Mínimo 6 caracteres">
        {(control) => (
          <Input
            {...control}
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => onPassword(e.target.value)}
          />
        )}
      </Field>
      <Field label="Repite la contraseña">
        {(control) => (
          <Input
            {...control}
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            value={repeated}
            onChange={(e) => onRepeated(e.target.value)}
          />
        )}
      </Field>
    </>
  )
}
