import { FunctionsHttpError } from '@supabase/supabase-js'
import { TEAM_INVITE_MESSAGES_ES, type TeamInviteResponse } from '#functions/team-invite.ts'
import type { Database } from '../../lib/database.types'
import { toast } from '../../lib/toast'
import { authError } from '../auth/authMessages'
import { NEW_PASSWORD_PATH } from '../auth/ForgotPasswordForm'
import { useAdmin } from '../context'
import { mutate } from '../shared/mutate'
import { useRows } from '../shared/useRows'

export type TeamMember = Database['public']['Functions']['team_members']['Returns'][number]
export type Role = 'admin' | 'editor'

export const ROLE_LABELS: Record<Role, string> = { admin: 'Administrador', editor: 'Editor' }

async function inviteFailure(error: unknown): Promise<string> {
  if (!(error instanceof FunctionsHttpError)) return 'No se pudo contactar con el servidor. Vuelve a intentarlo.'
  const body = (await (error.context as Response).json().catch(() => ({}))) as { error_code?: string; code?: string; msg?: string; message?: string }
  const code = body.error_code ?? body.code
  return (code && TEAM_INVITE_MESSAGES_ES[code]) || authError({ code, message: body.msg ?? body.message ?? error.message })
}

/**
 * The team (team_members(): admins get the list, everyone else an empty one) and what an admin does with it.
 * Role changes and removals are row-level-security writes to public.staff; the database keeps the last admin
 * and refuses removing oneself. Invitations go through the server function that holds the service key.
 */
export function useTeam() {
  const { supabase } = useAdmin()
  const list = useRows('team', (sb) => sb.rpc('team_members'), { title: 'Error al cargar el equipo' })

  const setRole = (member: TeamMember, role: Role) =>
    mutate(supabase.from('staff').update({ role }).eq('user_id', member.user_id), {
      success: { title: 'Rol cambiado', description: `${member.email} ahora es ${ROLE_LABELS[role].toLowerCase()}.` },
      errorTitle: 'No se pudo cambiar el rol',
    })

  const remove = (member: TeamMember) =>
    mutate(supabase.from('staff').delete().eq('user_id', member.user_id), {
      success: { title: 'Acceso retirado', description: `${member.email} ya no forma parte del equipo.` },
      errorTitle: 'No se pudo retirar el acceso',
    })

  const invite = async (email: string, role: Role): Promise<boolean> => {
    const answer = await supabase.functions.invoke<TeamInviteResponse>('team-invite', {
      body: { email, role, redirect_to: `${window.location.origin}${NEW_PASSWORD_PATH}` },
    })
    // functions-js types its error as any.
    const error: unknown = answer.error
    const { data } = answer
    if (error || !data) {
      toast({ title: 'No se pudo invitar', description: await inviteFailure(error), variant: 'destructive' })
      return false
    }
    toast({
      title: data.invited ? 'Invitación enviada' : 'Añadido al equipo',
      description: data.invited ? `${email} recibirá un enlace para elegir su contraseña.` : `${email} ya tenía cuenta: ya puede entrar.`,
    })
    return true
  }

  return { ...list, setRole, remove, invite }
}
