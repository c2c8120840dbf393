import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { ROLE_LABELS, type Role } from './useTeam'

interface RoleSelectProps {
  id?: string
  value: Role
  onChange: (role: Role) => void
  /** For a select without a visible label (one per member): "Rol de ana@example.com". */
  label?: string
  disabled?: boolean
  className?: string
}

/** Administrador or Editor. */
export function RoleSelect({ id, value, onChange, label, disabled, className }: RoleSelectProps) {
  return (
    <Select value={value} onValueChange={(next) => onChange(next as Role)} disabled={disabled}>
      <SelectTrigger id={id} aria-label={label} className={className}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {(Object.keys(ROLE_LABELS) as Role[]).map((role) => (
          <SelectItem key={role} value={role}>
            {ROLE_LABELS[role]}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
