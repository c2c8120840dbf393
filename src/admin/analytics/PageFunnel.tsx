import { useState } from 'react'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { SelectField } from '../shared/SelectField'
import { formatCount, formatRate } from './period'
import { funnelOf, type PageRow } from './report'

/**
 * One landing page's way to a lead: visitors, who saw the contact form, who started it, who sent it (the leads
 * Contactos has from that page), and the contact links clicked there. The page is chosen from the period's pages,
 * the most visited first.
 */
export function PageFunnel({ pages }: { pages: PageRow[] }) {
  const [chosen, setChosen] = useState<string | null>(null)
  const page = pages.find((p) => p.path === chosen) ?? pages[0]

  return (
    <Card className="min-w-0">
      <CardHeader className="gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="grid gap-1">
          <CardTitle as="h3" className="text-base">
            Embudo por página
          </CardTitle>
          <p className="text-sm text-slate-600">De la visita al contacto, en la página donde llegó el visitante.</p>
        </div>
        {page && (
          <SelectField
            label="Página"
            className="sm:w-80"
            value={page.path}
            onChange={setChosen}
            options={pages.map((p) => ({ value: p.path, label: p.path }))}
          />
        )}
      </CardHeader>
      <CardContent>
        {!page ? (
          <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600">
            Ninguna página recibió visitas en este periodo.
          </p>
        ) : (
          <Funnel page={page} />
        )}
      </CardContent>
    </Card>
  )
}

function Funnel({ page }: { page: PageRow }) {
  const { steps, clicks } = funnelOf(page)
  const base = page.visitors
  return (
    <div className="grid gap-6 md:grid-cols-[3fr_2fr]">
      <section aria-label={`Embudo de ${page.path}`}>
        <h4 className="mb-2 text-sm font-semibold text-slate-700">Formulario de contacto</h4>
        <ol className="grid gap-3" data-testid="analytics-funnel">
          {steps.map((s, i) => (
            <li key={s.label} className="grid gap-1 text-sm">
              <span className="flex items-baseline justify-between gap-3">
                <span className="text-slate-800">
                  <span className="mr-1.5 text-slate-500" aria-hidden="true">
                    {i + 1}.
                  </span>
                  {s.label}
                </span>
                <span className="whitespace-nowrap tabular-nums">
                  <span className="font-semibold text-slate-900">{formatCount(s.value)}</span>
                  {i > 0 && <span className="ml-2 text-slate-600">{formatRate(s.value, base)}</span>}
                </span>
              </span>
              <span aria-hidden="true" className="h-2 rounded-full bg-slate-100">
                <span
                  className="block h-full rounded-full bg-brand-500"
                  style={{ width: `${base > 0 ? Math.min(100, (s.value / base) * 100) : 0}%` }}
                />
              </span>
            </li>
          ))}
        </ol>
        {page.leads > page.visitors && (
          <p className="mt-3 text-xs text-slate-600">
            Hay más contactos que visitantes contados: algunos llegaron sin JavaScript o desde navegadores que no se cuentan.
          </p>
        )}
      </section>
      <section aria-label={`Clics en enlaces de contacto en ${page.path}`}>
        <h4 className="mb-2 text-sm font-semibold text-slate-700">Clics en enlaces de contacto</h4>
        <dl className="grid grid-cols-2 gap-2" data-testid="analytics-clicks">
          {clicks.map((c) => (
            <div key={c.label} className="rounded-lg border border-slate-200 px-3 py-2">
              <dt className="text-xs text-slate-600">{c.label}</dt>
              <dd className="text-lg font-semibold tabular-nums text-slate-900">{formatCount(c.value)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  )
}
