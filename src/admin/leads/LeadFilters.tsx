import { useId } from 'react'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { StatusItems } from './LeadBadges'
import { ANY, NO_SERVICE, type LeadFilter } from './leads'

interface LeadFiltersProps {
  filter: LeadFilter
  services: ServiceChoice[]
  onChange: (changes: Partial<LeadFilter>) => void
}

/** Estado, Servicio and Buscar: they narrow the list and the CSV export alike. */
export function LeadFilters({ filter, services, onChange }: LeadFiltersProps) {
  const id = useId()
  return (
    <div role="search" aria-label="Filtrar contactos" className="mb-4 grid gap-3 sm:grid-cols-[10rem_14rem_1fr]">
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
