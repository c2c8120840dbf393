import { ChevronRight, Inbox } from 'lucide-react'
import { useData } from 'vike-react/useData'
import type { ServiceChoice } from '../../siteContent/registry.server'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { serviceName } from '../leads/leads'
import { STATS_DAYS, type Tally } from '../leads/leadStats'
import { useLeadStats } from '../leads/useLeadStats'

interface LeadsOverviewProps {
  /** Leads still «nuevo»; null while unknown. */
  newLeads: number | null
  onOpen: () => void
}

/** The dashboard's leads card: unread leads, and which pages and services brought leads in the last 30 days. */
export function LeadsOverview({ newLeads, onOpen }: LeadsOverviewProps) {
  const { services } = useData<{ services: ServiceChoice[] }>()
  const stats = useLeadStats()

  return (
    <Card>
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2">
            <Inbox className="size-5 text-brand-600" aria-hidden="true" /> Contactos
          </CardTitle>
          <p className="text-sm text-slate-600">
            <span className="text-3xl font-bold tabular-nums text-slate-900" data-testid="stat-Contactos nuevos">
              {newLeads ?? '…'}
            </span>{' '}
            {newLeads === 1 ? 'contacto nuevo sin atender' : 'contactos nuevos sin atender'}
          </p>
        </div>
        <Button variant="outline" className="text-slate-800" onClick={onOpen}>
          Ver contactos <ChevronRight aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-6 md:grid-cols-2">
        <TallyList title={`Por página (últimos ${STATS_DAYS} días)`} rows={stats?.byPage} total={stats?.total} name={(path) => path} />
        <TallyList
          title={`Por servicio (últimos ${STATS_DAYS} días)`}
          rows={stats?.byService}
          total={stats?.total}
          name={(slug) => serviceName(services, slug || null)}
        />
      </CardContent>
    </Card>
  )
}

interface TallyListProps {
  title: string
  rows: Tally[] | undefined
  total: number | undefined
  name: (key: string) => string
}

/** Counts with a bar each; the bar's length is decoration, the number is the figure. */
function TallyList({ title, rows, total, name }: TallyListProps) {
  return (
    <section aria-label={title} aria-busy={rows === undefined}>
      <h3 className="mb-2 text-sm font-semibold text-slate-700">{title}</h3>
      {rows === undefined ? (
        <p className="text-sm text-slate-600">Cargando...</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-slate-600">Ningún contacto en este periodo.</p>
      ) : (
        <ol className="grid gap-2">
          {rows.map(({ key, count }) => (
            <li key={key} className="grid gap-1 text-sm">
              <span className="flex justify-between gap-3">
                <span className="min-w-0 break-words text-slate-800">{name(key)}</span>
                <span className="font-semibold tabular-nums text-slate-900">{count}</span>
              </span>
              <span aria-hidden="true" className="h-1.5 rounded-full bg-slate-100">
                <span className="block h-full rounded-full bg-brand-500" style={{ width: `${(count / (total || 1)) * 100}%` }} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
