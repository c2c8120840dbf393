// Drawn by hand as SVG: two lines over at most 62 days or 12 months need about a hundred lines, while the
// well-kept React chart libraries would each add more to the admin bundle than this whole tab (recharts brings
// Redux Toolkit, Immer and d3; visx brings d3 and react-spring) and Chart.js and uPlot draw on a canvas, not SVG.
import { useEffect, useRef, useState } from 'react'
import { formatCount } from './period'
import type { SeriesPoint } from './report'

interface TrendChartProps {
  points: SeriesPoint[]
  unit: 'day' | 'month'
  /** «del 1 al 28 de noviembre de 2026», for the caption. */
  periodLabel: string
}

const HEIGHT = 240
const PAD = { top: 16, right: 16, bottom: 28, left: 44 }

const dayLabel = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'short', timeZone: 'UTC' })
const monthLabel = new Intl.DateTimeFormat('es-ES', { month: 'short', year: '2-digit', timeZone: 'UTC' })
const longDay = new Intl.DateTimeFormat('es-ES', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' })
const longMonth = new Intl.DateTimeFormat('es-ES', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** A point's date as the axis and the table write it; series days are calendar days, shown in no time zone. */
export function pointLabel(key: string, unit: 'day' | 'month', long = false): string {
  const date = new Date(unit === 'day' ? `${key}T00:00:00Z` : `${key}-01T00:00:00Z`)
  return (unit === 'day' ? (long ? longDay : dayLabel) : long ? longMonth : monthLabel).format(date).replace('.', '')
}

/** A round top for the y axis and its step: 1, 2 or 5 times a power of ten. */
function niceScale(max: number, ticks = 4): { top: number; step: number } {
  if (max <= 0) return { top: ticks, step: 1 }
  const rough = max / ticks
  const power = 10 ** Math.floor(Math.log10(rough))
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? rough
  return { top: Math.ceil(max / step) * step, step: Math.max(1, step) }
}

/** The width the chart has, followed as the window changes (the SVG is drawn at its real size, so text stays legible). */
function useWidth<T extends HTMLElement>() {
  const ref = useRef<T>(null)
  const [width, setWidth] = useState(640)
  useEffect(() => {
    const element = ref.current
    if (!element) return
    const observer = new ResizeObserver(([entry]) => entry && setWidth(Math.max(240, Math.floor(entry.contentRect.width))))
    observer.observe(element)
    return () => observer.disconnect()
  }, [])
  return [ref, width] as const
}

/** Visitors and page views per day (or month), as a chart for the eye and the same figures as a table. */
export function TrendChart({ points, unit, periodLabel }: TrendChartProps) {
  const [box, width] = useWidth<HTMLDivElement>()
  const per = unit === 'day' ? 'día' : 'mes'
  const caption = `Visitantes y páginas vistas por ${per}, ${periodLabel}`

  const plotW = width - PAD.left - PAD.right
  const plotH = HEIGHT - PAD.top - PAD.bottom
  const { top, step } = niceScale(Math.max(0, ...points.map((p) => Math.max(p.visitors, p.pageviews))))
  const x = (i: number) => PAD.left + (points.length === 1 ? plotW / 2 : (i / (points.length - 1)) * plotW)
  const y = (v: number) => PAD.top + plotH - (v / top) * plotH
  const line = (key: 'visitors' | 'pageviews') => points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(p[key]).toFixed(1)}`).join('')
  const area = points.length > 1 ? `${line('visitors')}L${x(points.length - 1).toFixed(1)},${y(0)}L${x(0).toFixed(1)},${y(0)}Z` : ''
  const yTicks = Array.from({ length: Math.round(top / step) + 1 }, (_, i) => i * step)
  // As many x labels as fit (about one per 72 px), always the first and the last.
  const every = Math.max(1, Math.ceil(points.length / Math.max(2, Math.floor(plotW / 72))))
  const xTicks = points.map((_, i) => i).filter((i) => i % every === 0 || i === points.length - 1)
  const showDots = points.length <= 31
  const peak = points.reduce<SeriesPoint | null>((best, p) => (!best || p.visitors > best.visitors ? p : best), null)
  const summary =
    peak && peak.visitors > 0
      ? `${caption}. Máximo de visitantes: ${formatCount(peak.visitors)}, ${pointLabel(peak.day, unit, true)}. Las cifras están en la tabla de datos.`
      : `${caption}. Ninguna visita en este periodo.`

  return (
    <figure className="grid gap-3">
      <figcaption className="flex flex-wrap items-center justify-between gap-2">
        <span className="text-sm font-semibold text-slate-800">{caption}</span>
        <span className="flex flex-wrap gap-4 text-sm text-slate-700" aria-hidden="true">
          <span className="flex items-center gap-1.5">
            <svg width="24" height="8" className="shrink-0">
              <line x1="0" y1="4" x2="24" y2="4" className="stroke-brand-600" strokeWidth="3" />
            </svg>
            Visitantes
          </span>
          <span className="flex items-center gap-1.5">
            <svg width="24" height="8" className="shrink-0">
              <line x1="0" y1="4" x2="24" y2="4" className="stroke-slate-500" strokeWidth="2" strokeDasharray="5 3" />
            </svg>
            Páginas vistas
          </span>
        </span>
      </figcaption>
      <div ref={box} className="w-full">
        <svg role="img" aria-label={summary} width={width} height={HEIGHT} viewBox={`0 0 ${width} ${HEIGHT}`} className="block max-w-full">
          <g className="text-[11px]" fill="currentColor">
            {yTicks.map((v) => (
              <g key={v}>
                <line x1={PAD.left} x2={width - PAD.right} y1={y(v)} y2={y(v)} className="stroke-slate-200" />
                <text x={PAD.left - 6} y={y(v)} dy="0.32em" textAnchor="end" className="fill-slate-600 tabular-nums">
                  {formatCount(v)}
                </text>
              </g>
            ))}
            {xTicks.map((i) => (
              <text
                key={i}
                x={x(i)}
                y={HEIGHT - 8}
                textAnchor={points.length === 1 ? 'middle' : i === 0 ? 'start' : i === points.length - 1 ? 'end' : 'middle'}
                className="fill-slate-600"
              >
                {pointLabel(points[i]!.day, unit)}
              </text>
            ))}
          </g>
          {area && <path d={area} className="fill-brand-500/10" />}
          <path d={line('pageviews')} fill="none" className="stroke-slate-500" strokeWidth="2" strokeDasharray="5 3" strokeLinejoin="round" />
          <path d={line('visitors')} fill="none" className="stroke-brand-600" strokeWidth="3" strokeLinejoin="round" strokeLinecap="round" />
          {showDots &&
            points.map((p, i) => (
              <g key={p.day}>
                <rect x={x(i) - 3} y={y(p.pageviews) - 3} width="6" height="6" className="fill-white stroke-slate-500" strokeWidth="1.5" />
                <circle cx={x(i)} cy={y(p.visitors)} r="3.5" className="fill-brand-600 stroke-white" strokeWidth="1.5" />
              </g>
            ))}
        </svg>
      </div>
      <details className="group rounded-lg border border-slate-200">
        <summary className="cursor-pointer rounded-lg px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-brand-500">
          Ver los datos del gráfico
        </summary>
        {/* It scrolls (a year has 12 rows, 62 days 62): the keyboard must reach it. */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div className="max-h-80 overflow-auto border-t border-slate-200" tabIndex={0} role="region" aria-label="Datos del gráfico">
          <table className="w-full text-sm">
            <caption className="sr-only">{caption}</caption>
            <thead className="sticky top-0 bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-medium">
                  {unit === 'day' ? 'Día' : 'Mes'}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Visitantes
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Páginas vistas
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Conversiones
                </th>
                <th scope="col" className="px-3 py-2 text-right font-medium">
                  Contactos
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100 tabular-nums">
              {points.map((p) => (
                <tr key={p.day}>
                  <th scope="row" className="px-3 py-1.5 text-left font-normal text-slate-800">
                    {pointLabel(p.day, unit, true)}
                  </th>
                  <td className="px-3 py-1.5 text-right">{formatCount(p.visitors)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(p.pageviews)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(p.converted)}</td>
                  <td className="px-3 py-1.5 text-right">{formatCount(p.leads)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  )
}
