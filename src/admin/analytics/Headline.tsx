import { ArrowDownRight, ArrowRight, ArrowUpRight } from 'lucide-react'
import { Card } from '../../components/ui/card'
import { cn } from '../../lib/cn'
import { countChange, formatCount, formatRate, rate, rateChange, type Change } from './period'
import type { Totals } from './report'

interface HeadlineProps {
  current: Totals | null
  previous: Totals | null
}

interface Figure {
  id: string
  label: string
  value: string
  change: Change | null
  detail: string
}

/** The period's five figures, each with its change against the previous period written out (the arrow and colour only repeat it). */
export function Headline({ current, previous }: HeadlineProps) {
  const figures: Figure[] = current
    ? [
        {
          id: 'visitors',
          label: 'Visitantes',
          value: formatCount(current.visitors),
          change: previous && countChange(current.visitors, previous.visitors),
          detail: 'Personas distintas cada día, sin cookies',
        },
        {
          id: 'pageviews',
          label: 'Páginas vistas',
          value: formatCount(current.pageviews),
          change: previous && countChange(current.pageviews, previous.pageviews),
          detail: 'Páginas mostradas en un navegador',
        },
        {
          id: 'converted',
          label: 'Conversiones',
          value: formatCount(current.converted),
          change: previous && countChange(current.converted, previous.converted),
          detail: 'Visitantes que escribieron, llamaron o reservaron',
        },
        {
          id: 'rate',
          label: 'Tasa de conversión',
          value: formatRate(current.converted, current.visitors),
          change: previous && rateChange(rate(current.converted, current.visitors), rate(previous.converted, previous.visitors)),
          detail: 'Conversiones entre visitantes',
        },
        {
          id: 'leads',
          label: 'Contactos',
          value: formatCount(current.leads),
          change: previous && countChange(current.leads, previous.leads),
          detail: 'Formularios recibidos, como en Contactos',
        },
      ]
    : []

  return (
    <ul aria-label="Cifras del periodo" aria-busy={current === null} className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5">
      {current === null
        ? [0, 1, 2, 3, 4].map((i) => (
            <li
              key={i}
              aria-hidden="true"
              className={cn('h-32 animate-pulse rounded-xl border border-slate-200 bg-white', i === 4 && 'col-span-2 lg:col-span-1')}
            />
          ))
        : figures.map((f, i) => (
            <li key={f.id} className={cn(i === 4 && 'col-span-2 lg:col-span-1')}>
              <Card className="h-full p-4 sm:p-5">
                <h3 className="text-sm font-medium text-slate-600">{f.label}</h3>
                <p className="mt-1 text-2xl font-bold tabular-nums text-slate-900 sm:text-3xl" data-testid={`analytics-${f.id}`}>
                  {f.value}
                </p>
                {f.change && <ChangeText change={f.change} />}
                <p className="mt-1 text-xs text-slate-600">{f.detail}</p>
              </Card>
            </li>
          ))}
    </ul>
  )
}

function ChangeText({ change }: { change: Change }) {
  const Icon = change.direction === 'up' ? ArrowUpRight : change.direction === 'down' ? ArrowDownRight : ArrowRight
  return (
    <p
      className={cn(
        'mt-1 flex items-center gap-1 text-sm font-medium',
        change.direction === 'up' ? 'text-emerald-700' : change.direction === 'down' ? 'text-red-700' : 'text-slate-600',
      )}
    >
      {change.direction !== 'none' && <Icon className="size-4 shrink-0" aria-hidden="true" />}
      <span className="tabular-nums">{change.text}</span>
      <span className="sr-only"> {change.spoken}</span>
    </p>
  )
}
