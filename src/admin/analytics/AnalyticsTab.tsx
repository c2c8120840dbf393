import { Download, RefreshCw } from 'lucide-react'
import { useState } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { formatDate } from '../../lib/dates'
import { toast } from '../../lib/toast'
import { TabHeader } from '../shared/TabHeader'
import { FigureTable, type Column } from './FigureTable'
import { Headline } from './Headline'
import { PageFunnel } from './PageFunnel'
import { PeriodPicker } from './PeriodPicker'
import { TrendChart } from './TrendChart'
import { formatCount, formatRate, lengthInDays, presetPeriod, previousPeriod, resolvePeriod, type Period, type PeriodChoice } from './period'
import { chartSeries, dimensions, type DimensionRow, type PageRow } from './report'
import { useAnalyticsReport } from './useAnalyticsReport'

/** «28 de noviembre de 2026» or «del 30 de octubre al 28 de noviembre de 2026». */
export function describePeriod({ from, to }: Period): string {
  return from === to ? `el ${formatDate(from)}` : `del ${formatDate(from)} al ${formatDate(to)}`
}

const pageColumns: Column<PageRow>[] = [
  { header: 'Visitantes', cell: (p) => formatCount(p.visitors), numeric: true },
  { header: 'Vistas', cell: (p) => formatCount(p.pageviews), numeric: true },
  { header: 'Contactos', cell: (p) => formatCount(p.leads), numeric: true },
  { header: 'Tasa', cell: (p) => formatRate(p.leads, p.visitors), numeric: true },
]

const dimensionColumns: Column<DimensionRow>[] = [
  { header: 'Visitantes', cell: (d) => formatCount(d.visitors), numeric: true },
  { header: 'Vistas', cell: (d) => formatCount(d.pageviews), numeric: true },
  { header: 'Conversiones', short: 'Conv.', cell: (d) => formatCount(d.converted), numeric: true },
  { header: 'Tasa', cell: (d) => formatRate(d.converted, d.visitors), numeric: true },
]

/**
 * «Analítica», for staff: visitors counted without cookies (public.analytics_report), the period against the one
 * before it, the trend, the pages, sources, campaigns, devices and browsers, a funnel per landing page and the CSV.
 */
export function AnalyticsTab() {
  const [choice, setChoice] = useState<PeriodChoice>({ kind: 'preset', preset: '30d' })
  const [custom, setCustom] = useState(() => presetPeriod('30d'))
  const resolved = resolvePeriod(choice)
  const period = 'error' in resolved ? null : resolved
  const { report, loading, reload } = useAnalyticsReport(period)
  // The answer on screen may still be the previous period's while the new one loads: figures are labelled by the
  // period they belong to.
  const current = report?.current ?? null
  const shown: Period | null = current ? { from: current.from, to: current.to } : null
  const before = shown && previousPeriod(shown)
  const series = current ? chartSeries(current.series) : null

  const choose = (next: PeriodChoice) => {
    if (next.kind === 'custom') setCustom({ from: next.from, to: next.to })
    setChoice(next)
  }
  const exportCsv = async () => {
    if (!current) return
    const { analyticsCsv, downloadCsv } = await import('./analyticsCsv')
    downloadCsv(`analitica-${current.from}-${current.to}.csv`, analyticsCsv(current))
    toast({ title: 'CSV descargado', description: `Analítica ${describePeriod(current)}.` })
  }

  return (
    <section aria-labelledby="analytics-title" aria-busy={loading}>
      <TabHeader
        title="Analítica"
        titleId="analytics-title"
        description="Visitas y conversiones contadas sin cookies ni servicios de terceros. Los contactos son los mismos que en Contactos."
      >
        <Button variant="outline" className="text-slate-800" disabled={loading} onClick={() => void reload()}>
          <RefreshCw aria-hidden="true" /> Actualizar
        </Button>
        <Button variant="outline" className="text-slate-800" disabled={!current || loading} onClick={() => void exportCsv()}>
          <Download aria-hidden="true" /> Exportar CSV
        </Button>
      </TabHeader>

      <div className="grid gap-6">
        <div className="grid gap-2">
          <PeriodPicker choice={choice} custom={custom} error={'error' in resolved ? resolved.error : undefined} onChange={choose} />
          <p role="status" className="text-sm text-slate-600" data-testid="analytics-period">
            {loading
              ? 'Cargando la analítica...'
              : shown && before
                ? `Periodo: ${describePeriod(shown)} (${lengthInDays(shown)} ${lengthInDays(shown) === 1 ? 'día' : 'días'}). ` +
                  `Cambios respecto ${before.from === before.to ? `al día ${formatDate(before.from)}` : `a los ${lengthInDays(before)} días anteriores, ${describePeriod(before)}`}.`
                : ''}
          </p>
        </div>

        {/* A custom range being typed (or refused) leaves the last figures out rather than mislabelled. */}
        {period && (
          <>
            <Headline current={current?.totals ?? null} previous={report?.previous.totals ?? null} />
            <Card>
              <CardContent className="pt-5 sm:pt-6">
                {series && shown ? (
                  <TrendChart points={series.points} unit={series.unit} periodLabel={describePeriod(shown)} />
                ) : (
                  <div aria-hidden="true" className="h-64 animate-pulse rounded-lg bg-slate-100" />
                )}
              </CardContent>
            </Card>
          </>
        )}

        {period && current && (
          <>
            <FigureTable
              title="Páginas más visitadas"
              note="La tasa es la de contactos enviados desde la página entre sus visitantes."
              nameHeader="Página"
              name={(p) => p.path}
              rows={current.pages}
              columns={pageColumns}
              empty="Ninguna página recibió visitas ni contactos en este periodo."
            />
            <PageFunnel key={`${current.from}/${current.to}`} pages={current.pages} />
            <div className="grid gap-6 lg:grid-cols-2">
              {dimensions.map((d) => (
                <FigureTable
                  key={d.id}
                  title={d.title}
                  nameHeader={d.column}
                  note={d.note}
                  name={(row) => row.value}
                  rows={current.dimensions[d.id]}
                  columns={dimensionColumns}
                  empty={d.empty}
                  limit={8}
                />
              ))}
            </div>
            <p className="text-xs text-slate-600">
              Un visitante es una persona distinta cada día: no se guarda su IP ni ninguna cookie, así que quien vuelve otro día cuenta de nuevo. Las
              fuentes, campañas, dispositivos y navegadores son los de la primera página que vio ese día.
            </p>
          </>
        )}
      </div>
    </section>
  )
}
