import { useId } from 'react'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { Card } from '../../components/ui/card'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { mutate } from '../shared/mutate'
import { useAdmin } from '../context'
import { useRows } from '../shared/useRows'
import { assigneeName, NOBODY, type Assignee } from './leads'
import { AssigneeOptions } from './AssigneeOptions'

/** The key of general enquiries (no service) in public.lead_assignment_rules, as lead_counts keys them. */
const GENERAL = ''

/**
 * «Asignación automática» (admins): for each service, who a new lead for it goes to. The database applies
 * the rule as the lead is stored (a trigger), whoever stores it; row-level security lets only admins write.
 */
export function AssignmentRules({ services, assignees }: { services: ServiceChoice[]; assignees: Assignee[] }) {
  const { supabase } = useAdmin()
  const rules = useRows('lead_assignment_rules', (sb) => sb.from('lead_assignment_rules').select('service, user_id'), {
    title: 'Error al cargar la asignación automática',
  })
  const rows = [{ slug: GENERAL, name: 'Consultas generales (sin servicio)' }, ...services]

  const change = async (service: string, name: string, userId: string | null) => {
    const request =
      userId === null
        ? supabase.from('lead_assignment_rules').delete().eq('service', service)
        : supabase.from('lead_assignment_rules').upsert({ service, user_id: userId })
    const done = await mutate(request, {
      success: {
        title: 'Asignación automática guardada',
        description: userId
          ? `Los contactos nuevos de «${name}» irán a ${assigneeName(assignees, userId)}.`
          : `Los contactos nuevos de «${name}» llegarán sin asignar.`,
      },
      errorTitle: 'Error al guardar la asignación automática',
    })
    if (done) await rules.reload()
  }

  return (
    <Card className="mb-4 grid gap-3 p-4 sm:p-5">
      <div>
        <h3 className="font-semibold text-slate-900">Asignación automática</h3>
        <p className="text-sm text-slate-600">
          Cada contacto nuevo de un servicio se asigna a la persona elegida, que recibe un correo. Solo los administradores pueden cambiarlo.
        </p>
      </div>
      <ul className="grid gap-3 md:grid-cols-2">
        {rows.map(({ slug, name }) => (
          <Rule
            key={slug}
            name={name}
            assignees={assignees}
            value={rules.rows.find((r) => r.service === slug)?.user_id ?? null}
            disabled={rules.loading}
            onChange={(userId) => void change(slug, name, userId)}
          />
        ))}
      </ul>
    </Card>
  )
}

interface RuleProps {
  name: string
  assignees: Assignee[]
  value: string | null
  disabled: boolean
  onChange: (userId: string | null) => void
}

function Rule({ name, assignees, value, disabled, onChange }: RuleProps) {
  const id = useId()
  return (
    <li className="grid gap-1.5">
      <Label htmlFor={id}>{name}</Label>
      <Select value={value ?? NOBODY} disabled={disabled} onValueChange={(v) => onChange(v === NOBODY ? null : v)}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NOBODY}>Nadie (sin asignar)</SelectItem>
          <AssigneeOptions assignees={assignees} />
        </SelectContent>
      </Select>
    </li>
  )
}
