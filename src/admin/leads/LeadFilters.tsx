import type { ServiceChoice } from '../../siteContent/registry.server'
import { Input } from '../../components/ui/input'
import { SelectItem } from '../../components/ui/select'
import { Field } from '../shared/Field'
import { SelectField } from '../shared/SelectField'
import { StatusItems } from './LeadBadges'
import { ANY, MINE, NO_SERVICE, NOBODY, type Assignee, type LeadFilter } from './leads'
import { AssigneeOptions } from './AssigneeOptions'

interface LeadFiltersProps {
  filter: LeadFilter
  services: ServiceChoice[]
  assignees: Assignee[]
  onChange: (changes: Partial<LeadFilter>) => void
}

/** Estado, Servicio, Asignado a («Mis contactos») and Buscar: they narrow the list and the CSV export alike. */
export function LeadFilters({ filter, services, assignees, onChange }: LeadFiltersProps) {
  return (
    <div role="search" aria-label="Filtrar contactos" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_14rem_14rem_1fr]">
      <SelectField label="Estado" value={filter.status} onChange={(status) => onChange({ status: status as LeadFilter['status'] })}>
        <SelectItem value={ANY}>Todos</SelectItem>
        <StatusItems />
      </SelectField>
      <SelectField
        label="Servicio"
        value={filter.service}
        onChange={(service) => onChange({ service })}
        options={services.map((s) => ({ value: s.slug, label: s.name }))}
      >
        <SelectItem value={ANY}>Todos los servicios</SelectItem>
        <SelectItem value={NO_SERVICE}>Sin servicio</SelectItem>
      </SelectField>
      <SelectField label="Asignado a" value={filter.assignee} onChange={(assignee) => onChange({ assignee })}>
        <SelectItem value={ANY}>Todo el equipo</SelectItem>
        <SelectItem value={MINE}>Mis contactos</SelectItem>
        <SelectItem value={NOBODY}>Sin asignar</SelectItem>
        <AssigneeOptions assignees={assignees} />
      </SelectField>
      <Field label="Buscar">
        {(control) => (
          <Input
            {...control}
            type="search"
            value={filter.query}
            placeholder="Nombre, email, empresa o mensaje"
            onChange={(e) => onChange({ query: e.target.value })}
          />
        )}
      </Field>
    </div>
  )
}
