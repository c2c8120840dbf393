/**
 * What public.analytics_report(p_from, p_to) answers (supabase/migrations/20261128100000_analytics.sql), and
 * the shapes the tab draws from it. Paths, sources and campaign names come from visitors: they are only ever
 * rendered as text.
 */
import type { Json } from '../../lib/database.types'

export interface Totals {
  visitors: number
  pageviews: number
  /** Visitors who sent a lead or clicked e-mail, phone or WhatsApp, or opened the booking calendar. */
  converted: number
  /** From public.leads: the number Contactos shows for the period. */
  leads: number
}

export interface SeriesPoint extends Totals {
  day: string
}

export interface PageRow {
  path: string
  visitors: number
  pageviews: number
  form_seen: number
  form_started: number
  leads: number
  email_clicks: number
  phone_clicks: number
  whatsapp_clicks: number
  booking_opens: number
}

export interface DimensionRow {
  value: string
  visitors: number
  pageviews: number
  converted: number
}

export const dimensions: readonly { id: DimensionId; title: string; column: string; note?: string; empty: string }[] = [
  {
    id: 'source',
    title: 'Fuentes',
    column: 'Fuente',
    note: 'Las de la primera página vista cada día: la campaña UTM o el sitio de donde vino.',
    empty: 'Ninguna visita en este periodo.',
  },
  {
    id: 'campaign',
    title: 'Campañas UTM',
    column: 'Campaña',
    note: 'Cada campaña como «fuente / medio / nombre», de los parámetros utm_ del enlace.',
    empty: 'Ninguna visita llegó con una campaña UTM en este periodo.',
  },
  { id: 'device', title: 'Dispositivos', column: 'Dispositivo', empty: 'Ninguna visita en este periodo.' },
  { id: 'browser', title: 'Navegadores', column: 'Navegador', empty: 'Ninguna visita en este periodo.' },
]

export type DimensionId = 'source' | 'campaign' | 'device' | 'browser'

export interface AnalyticsReport {
  from: string
  to: string
  totals: Totals
  series: SeriesPoint[]
  pages: PageRow[]
  dimensions: Record<DimensionId, DimensionRow[]>
}

type Loose = Record<string, unknown>

const num = (value: unknown): number => (typeof value === 'number' ? value : Number(value) || 0)
const str = (value: unknown): string => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
const list = (value: unknown): Loose[] => (Array.isArray(value) ? (value as Loose[]) : [])

/** The RPC's JSON as the tab's types: missing lists become empty, numbers are numbers. */
export function readReport(json: Json): AnalyticsReport {
  const r = (json ?? {}) as Loose
  const t = (r.totals ?? {}) as Loose
  const totals = (o: Loose): Totals => ({ visitors: num(o.visitors), pageviews: num(o.pageviews), converted: num(o.converted), leads: num(o.leads) })
  const dims = (r.dimensions ?? {}) as Loose
  return {
    from: str(r.from),
    to: str(r.to),
    totals: totals(t),
    series: list(r.series).map((p) => ({ day: str(p.day), ...totals(p) })),
    pages: list(r.pages).map((p) => ({
      path: str(p.path),
      visitors: num(p.visitors),
      pageviews: num(p.pageviews),
      form_seen: num(p.form_seen),
      form_started: num(p.form_started),
      leads: num(p.leads),
      email_clicks: num(p.email_clicks),
      phone_clicks: num(p.phone_clicks),
      whatsapp_clicks: num(p.whatsapp_clicks),
      booking_opens: num(p.booking_opens),
    })),
    dimensions: Object.fromEntries(
      dimensions.map(({ id }) => [
        id,
        list(dims[id]).map((d) => ({ value: str(d.value), visitors: num(d.visitors), pageviews: num(d.pageviews), converted: num(d.converted) })),
      ]),
    ) as Record<DimensionId, DimensionRow[]>,
  }
}

/** Longer than this many days, the chart draws months instead of days. */
export const MONTHLY_AFTER_DAYS = 62

/**
 * The series as the chart draws it: one point per day, or per month (keyed YYYY-MM) for long periods. A month's
 * visitors are the sum of its days' (a visitor is counted once per day), as the period's total is.
 */
export function chartSeries(series: SeriesPoint[]): { unit: 'day' | 'month'; points: SeriesPoint[] } {
  if (series.length <= MONTHLY_AFTER_DAYS) return { unit: 'day', points: series }
  const months = new Map<string, SeriesPoint>()
  for (const p of series) {
    const key = p.day.slice(0, 7)
    const m = months.get(key) ?? { day: key, visitors: 0, pageviews: 0, converted: 0, leads: 0 }
    m.visitors += p.visitors
    m.pageviews += p.pageviews
    m.converted += p.converted
    m.leads += p.leads
    months.set(key, m)
  }
  return { unit: 'month', points: [...months.values()] }
}

/** The funnel of one landing page: each step's visitors (leads for the last), and its contact-link clicks. */
export function funnelOf(page: PageRow) {
  return {
    steps: [
      { label: 'Visitantes', value: page.visitors },
      { label: 'Vieron el formulario', value: page.form_seen },
      { label: 'Lo empezaron', value: page.form_started },
      { label: 'Lo enviaron (contactos)', value: page.leads },
    ],
    clicks: [
      { label: 'Correo', value: page.email_clicks },
      { label: 'Teléfono', value: page.phone_clicks },
      { label: 'WhatsApp', value: page.whatsapp_clicks },
      { label: 'Calendario abierto', value: page.booking_opens },
    ],
  }
}
