import { PasswordField } from './AccountFields'

interface NewPasswordFieldsProps {
  password: string
  repeated: string
  onPassword: (value: string) => void
  onRepeated: (value: string) => void
}

/** "Nueva contraseña" twice (the reset link, the invitation, "Cambiar contraseña"). */
export function NewPasswordFields({ password, repeated, onPassword, onRepeated }: NewPasswordFieldsProps) {
  return (
    <>
      <PasswordField label="Nueva contraseña" hint="Mínimo 6 caracteres" name="new-password" fresh value={password} onChange={onPassword} />
      <PasswordField label="Repite la contraseña" name="repeat-password" fresh value={repeated} onChange={onRepeated} />
    </>
  )
}
