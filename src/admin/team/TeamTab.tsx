import { ShieldCheck, ShieldOff, UserMinus } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card } from '../../components/ui/card'
import { formatDateTime } from '../../lib/dates'
import { useAdmin } from '../context'
import { useConfirm } from '../shared/confirm'
import { RecordList } from '../shared/RecordList'
import { TabHeader } from '../shared/TabHeader'
import { InviteForm } from './InviteForm'
import { RequireTwoFactor } from './RequireTwoFactor'
import { RoleSelect } from './RoleSelect'
import { useTeam, type Role, type TeamMember } from './useTeam'

/** The Equipo tab (admins only): who is on the team, inviting colleagues, changing roles and removing access. */
export function TeamTab() {
  const team = useTeam()
  const { user } = useAdmin()
  const confirm = useConfirm()

  const changeRole = async (member: TeamMember, role: Role) => {
    if (role !== member.role && (await team.setRole(member, role))) await team.reload()
  }
  const remove = async (member: TeamMember) => {
    const sure = await confirm({
      title: `¿Retirar el acceso de ${member.email}?`,
      description: 'Sus sesiones se cierran al momento y deja de poder editar. Su cuenta no se borra: puedes volver a invitarla cuando quieras.',
      confirmLabel: 'Retirar acceso',
      destructive: true,
    })
    if (sure && (await team.remove(member))) await team.reload()
  }

  return (
    <section aria-labelledby="team-title">
      <TabHeader title="Equipo" titleId="team-title" description="Quién gestiona la web: los administradores gestionan además el equipo." />
      <InviteForm
        onInvite={async (email, role) => {
          const sent = await team.invite(email, role)
          if (sent) await team.reload()
          return sent
        }}
      />
      <RequireTwoFactor members={team.rows} />
      <RecordList
        rows={team.rows}
        loading={team.loading}
        loadingLabel="Cargando equipo..."
        emptyTitle="Todavía no hay nadie en el equipo"
        emptyDescription="Invita a tus colegas con su email."
        label="Miembros del equipo"
        getKey={(member) => member.user_id}
      >
        {(member) => (
          <MemberCard
            member={member}
            isSelf={member.user_id === user.id}
            onRole={(role) => void changeRole(member, role)}
            onRemove={() => void remove(member)}
          />
        )}
      </RecordList>
    </section>
  )
}

interface MemberCardProps {
  member: TeamMember
  isSelf: boolean
  onRole: (role: Role) => void
  onRemove: () => void
}

function MemberCard({ member, isSelf, onRole, onRemove }: MemberCardProps) {
  const lastSignIn = formatDateTime(member.last_sign_in_at)
  return (
    <Card className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between sm:p-5">
      <div className="min-w-0 flex-1">
        <h3 className="break-words font-semibold text-slate-900">
          {member.email}
          {isSelf && <span className="font-normal text-slate-600"> (tú)</span>}
        </h3>
        <dl className="mt-1 grid gap-1 text-sm text-slate-600 sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="font-medium text-slate-700">Último acceso</dt>
          <dd>{lastSignIn || 'Todavía no ha entrado'}</dd>
          <dt className="font-medium text-slate-700">Verificación en dos pasos</dt>
          <dd className="flex items-center gap-1.5">
            {member.two_factor ? (
              <>
                <ShieldCheck className="size-4 text-emerald-700" aria-hidden="true" /> Activada
              </>
            ) : (
              <>
                <ShieldOff className="size-4 text-slate-500" aria-hidden="true" /> Desactivada
              </>
            )}
          </dd>
        </dl>
      </div>
      <div className="flex shrink-0 flex-wrap items-center gap-2">
        <RoleSelect value={member.role as Role} onChange={onRole} label={`Rol de ${member.email}`} className="w-40" />
        {!isSelf && (
          <Button variant="outline" size="sm" className="h-10 text-red-700" onClick={onRemove} aria-label={`Retirar el acceso de ${member.email}`}>
            <UserMinus aria-hidden="true" /> Retirar acceso
          </Button>
        )}
      </div>
    </Card>
  )
}
