import { UserPlus } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { EmailField } from '../auth/AccountFields'
import { RoleSelect } from './RoleSelect'
import type { Role } from './useTeam'

/** E-mail and role of the colleague to invite; clears itself once the invitation is sent. */
export function InviteForm({ onInvite }: { onInvite: (email: string, role: Role) => Promise<boolean> }) {
  const [email, setEmail] = useState('')
  const [role, setRole] = useState<Role>('editor')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const roleId = useId()

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!email.trim()) return setError('Escribe el email de la persona que quieres invitar')
    setError(null)
    setBusy(true)
    const sent = await onInvite(email.trim(), role)
    setBusy(false)
    if (sent) setEmail('')
  }

  return (
    <Card className="mb-6 p-4 sm:p-5">
      <form onSubmit={(e) => void submit(e)} noValidate aria-labelledby={`${roleId}-title`} className="grid gap-4">
        <div>
          <h3 id={`${roleId}-title`} className="font-semibold text-slate-900">
            Invitar al equipo
          </h3>
          <p className="mt-1 text-sm text-slate-600">Recibirá un enlace de un solo uso, válido una hora, para elegir su contraseña y entrar.</p>
        </div>
        <div className="grid gap-4 sm:grid-cols-[1fr_12rem_auto] sm:items-start">
          <EmailField name="invite-email" value={email} onChange={setEmail} error={error} placeholder="colega@empresa.com" />
          <div className="grid gap-1.5">
            <Label htmlFor={roleId}>Rol</Label>
            <RoleSelect id={roleId} value={role} onChange={setRole} />
          </div>
          <Button type="submit" className="sm:mt-6" disabled={busy} aria-busy={busy}>
            <UserPlus aria-hidden="true" /> {busy ? 'Enviando...' : 'Enviar invitación'}
          </Button>
        </div>
      </form>
    </Card>
  )
}
