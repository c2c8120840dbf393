import { useId } from 'react'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
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
  const id = useId()
  return (
    <div role="search" aria-label="Filtrar contactos" className="mb-4 grid gap-3 sm:grid-cols-2 lg:grid-cols-[10rem_14rem_14rem_1fr]">
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-status`}>Estado</Label>
        <Select value={filter.status} onValueChange={(status) => onChange({ status: status as LeadFilter['status'] })}>
          <SelectTrigger id={`${id}-status`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Todos</SelectItem>
            <StatusItems />
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-service`}>Servicio</Label>
        <Select value={filter.service} onValueChange={(service) => onChange({ service })}>
          <SelectTrigger id={`${id}-service`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Todos los servicios</SelectItem>
            <SelectItem value={NO_SERVICE}>Sin servicio</SelectItem>
            {services.map((s) => (
              <SelectItem key={s.slug} value={s.slug}>
                {s.name}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-assignee`}>Asignado a</Label>
        <Select value={filter.assignee} onValueChange={(assignee) => onChange({ assignee })}>
          <SelectTrigger id={`${id}-assignee`}>
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value={ANY}>Todo el equipo</SelectItem>
            <SelectItem value={MINE}>Mis contactos</SelectItem>
            <SelectItem value={NOBODY}>Sin asignar</SelectItem>
            <AssigneeOptions assignees={assignees} />
          </SelectContent>
        </Select>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-query`}>Buscar</Label>
        <Input
          id={`${id}-query`}
          type="search"
          value={filter.query}
          placeholder="Nombre, email, empresa o mensaje"
          onChange={(e) => onChange({ query: e.target.value })}
        />
      </div>
    </div>
  )
}
