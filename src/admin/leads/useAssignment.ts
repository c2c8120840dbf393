import { useEffect, useState } from 'react'
import { atMadridTime } from '../../lib/madridTime'
import { toast } from '../../lib/toast'
import { useAdmin } from '../context'
import { describeError } from '../../cms/errors'
import { describeWriteError, twoFactorRefusal } from '../shared/twoFactorRefusal'
import { assigneeName, type Assignee, type LeadRow } from './leads'

/** What the admin says when the chosen person left the team meanwhile (the database's hint assignee_not_staff). */
export const ASSIGNEE_GONE = 'Esa persona ya no forma parte del equipo: elige a otra o deja el contacto sin asignar.'

/** The team, as leads can be assigned to it (public.lead_assignees(): every member of staff may read it). */
export function useAssignees(): Assignee[] {
  const { supabase } = useAdmin()
  const [assignees, setAssignees] = useState<Assignee[]>([])
  useEffect(() => {
    let active = true
    void supabase.rpc('lead_assignees').then(({ data, error }) => {
      if (!active) return
      if (error) toast({ title: 'Error al cargar el equipo', description: describeError(error), variant: 'destructive' })
      setAssignees(data ?? [])
    })
    return () => {
      active = false
    }
  }, [supabase])
  return assignees
}

/**
 * Assigning leads, one from its detail or several from the list, under the edit-conflict rule
 * (docs/decisions/0066-edit-conflicts-by-precondition.md): public.assign_leads writes a lead only if it is
 * still the version shown, so when two people assign at once the second is told, not silently overruled.
 * The person assigned is told by e-mail by the server (src/host/leadReminders/).
 */
export function useAssignLeads(assignees: Assignee[]) {
  const { supabase } = useAdmin()
  const title = 'Error al asignar'

  /** Resolves true when every lead was assigned. */
  return async (leads: LeadRow[], assignee: string | null): Promise<boolean> => {
    const { data, error } = await supabase.rpc('assign_leads', {
      leads: leads.map(({ id, updated_at }) => ({ id, updated_at })),
      // null: nobody. The generated type reads the uuid argument as text only.
      assignee: assignee as string,
    })
    if (error) {
      const description = error.hint === 'assignee_not_staff' ? ASSIGNEE_GONE : await describeWriteError(error, 'un contacto')
      toast({ title, description, variant: 'destructive' })
      return false
    }
    const written = new Set(data.map((row) => row.id))
    const missed = leads.filter((lead) => !written.has(lead.id))
    if (missed.length) {
      const refusal = await twoFactorRefusal(supabase)
      if (refusal) {
        toast({ title, description: refusal, variant: 'destructive' })
        return false
      }
      const { data: now } = await supabase
        .from('leads')
        .select('id, updated_at, assigned_to')
        .in(
          'id',
          missed.map((l) => l.id),
        )
      const one = missed.length === 1 && leads.length === 1 ? now?.[0] : undefined
      toast({
        title: written.size ? `${written.size} de ${leads.length} contactos asignados` : title,
        description:
          leads.length === 1
            ? one
              ? `Otra persona cambió este contacto ${atMadridTime(one.updated_at)}: ahora está asignado a ${assigneeName(assignees, one.assigned_to)}. Revísalo y vuelve a asignarlo si hace falta.`
              : 'Este contacto ya no existe: otra persona lo ha eliminado.'
            : `${missed.length === 1 ? 'Uno no se ha asignado' : `${missed.length} no se han asignado`}: otra persona los cambió mientras tanto. La lista ya muestra sus datos actuales.`,
        variant: 'destructive',
      })
      return false
    }
    toast({
      title: assignee ? `Asignado a ${assigneeName(assignees, assignee)}` : 'Sin asignar',
      description:
        leads.length === 1
          ? assignee
            ? 'Le avisaremos por correo con un enlace al contacto.'
            : 'El contacto ya no tiene responsable: los avisos de plazo irán a los administradores.'
          : `${leads.length} contactos.${assignee ? ' Le avisaremos por correo de cada uno.' : ''}`,
    })
    return true
  }
}
