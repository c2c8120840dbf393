import { ChevronRight, FileText, Lightbulb, Newspaper, SquarePen, Tags, Zap, type LucideIcon } from 'lucide-react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { SEO_LIMITS } from '../../lib/seoLimits'
import type { TabId } from '../shell/tabs'
import { useAdmin } from '../context'
import { BackupStatus } from './BackupStatus'
import { LeadsOverview } from './LeadsOverview'
import { ResponseTimes } from './ResponseTimes'
import { useDashboardCounts } from './useDashboardCounts'

interface Stat {
  label: string
  value: number | undefined
  detail: string
  icon: LucideIcon
}

const quickActions: { label: string; tab: TabId }[] = [
  { label: 'Atender los contactos nuevos', tab: 'leads' },
  { label: 'Crear una nueva entrada de blog', tab: 'blog' },
  { label: 'Editar los textos de la página principal', tab: 'texts' },
  { label: 'Crear o publicar una página dinámica', tab: 'pages' },
  { label: 'Ordenar los elementos del menú', tab: 'menu' },
  { label: 'Revisar los metadatos SEO de cada página', tab: 'seo' },
]

const seoTips = [
  `Escribe títulos de menos de ${SEO_LIMITS.title} caracteres con la palabra clave al principio.`,
  `Las meta descripciones deben tener entre 150 y ${SEO_LIMITS.description} caracteres.`,
  'Usa slugs cortos, en minúsculas y separados por guiones.',
  'Añade una imagen Open Graph para que los enlaces compartidos se vean bien.',
  'Indica la URL canónica cuando un mismo contenido esté en varias direcciones.',
]

interface DashboardProps {
  onOpenTab: (tab: TabId) => void
  /** Leads still «nuevo»; null while unknown or for an account that may not read them. */
  newLeads: number | null
}

/** The Dashboard tab: leads (staff only), four counters, quick actions and SEO tips. */
export function Dashboard({ onOpenTab, newLeads }: DashboardProps) {
  const { canEdit } = useAdmin()
  const counts = useDashboardCounts()
  const stats: Stat[] = [
    { label: 'Entradas de Blog', value: counts?.posts, detail: `${counts?.published ?? 0} publicadas`, icon: Newspaper },
    { label: 'Páginas', value: counts?.pages, detail: 'Páginas dinámicas', icon: FileText },
    { label: 'Textos sustituidos', value: counts?.texts, detail: 'Sobre los archivos del sitio', icon: SquarePen },
    { label: 'Tags', value: counts?.tags, detail: 'Etiquetas disponibles', icon: Tags },
  ]

  return (
    <div className="grid gap-6">
      <h2 className="sr-only">Dashboard</h2>
      {canEdit && <LeadsOverview newLeads={newLeads} onOpen={() => onOpenTab('leads')} />}
      <BackupStatus />
      {canEdit && <ResponseTimes />}
      <ul aria-label="Resumen" aria-busy={counts === null} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {stats.map(({ label, value, detail, icon: Icon }) => (
          <li key={label}>
            <Card className="h-full p-5">
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-medium text-slate-600">{label}</h3>
                <Icon className="size-5 text-brand-600" aria-hidden="true" />
              </div>
              <p className="mt-2 text-3xl font-bold tabular-nums text-slate-900" data-testid={`stat-${label}`}>
                {value ?? (
                  <>
                    <span className="sr-only">Cargando...</span>
                    <span aria-hidden="true" className="inline-block h-8 w-12 animate-pulse rounded bg-slate-200 align-middle" />
                  </>
                )}
              </p>
              <p className="mt-1 text-sm text-slate-600">{detail}</p>
            </Card>
          </li>
        ))}
      </ul>

      <div className="grid gap-4 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Zap className="size-5 text-brand-600" aria-hidden="true" /> Acciones Rápidas
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-1">
              {quickActions
                .filter(({ tab }) => canEdit || tab !== 'leads')
                .map(({ label, tab }) => (
                  <li key={label}>
                    <Button
                      variant="ghost"
                      className="h-auto w-full justify-between whitespace-normal py-2 text-left font-medium text-slate-700"
                      onClick={() => onOpenTab(tab)}
                    >
                      {label}
                      <ChevronRight className="text-slate-400" aria-hidden="true" />
                    </Button>
                  </li>
                ))}
            </ul>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Lightbulb className="size-5 text-brand-600" aria-hidden="true" /> Consejos de SEO
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="grid list-disc gap-2 pl-5 text-sm text-slate-700 marker:text-brand-500">
              {seoTips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
