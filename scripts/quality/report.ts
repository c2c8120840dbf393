/** The report's data (quality/report.json) and its readable form (quality/report.md). */
import type { AdminResult } from './admin'
import { countByImpact, type AxeCounts, type AxeViolation } from './axe'
import { budgets, kb } from './budgets'
import type { LighthouseResult } from './lighthouse'
import type { Bytes } from './pageLoad'
import type { SeoCheck } from './seo'

export interface VariantResult {
  lighthouse: LighthouseResult
  /** How many Lighthouse runs the figures are the median of. */
  lighthouseRuns: number
  /** Bytes of a whole phone-sized visit (the viewport Lighthouse's mobile preset uses; budgets apply to it). */
  bytes: Bytes
  /** JS of a whole desktop-sized visit, which also hydrates the desktop menu. */
  jsDesktopBytes: number
  axe: AxeCounts
  axeViolations: AxeViolation[]
  wordsWithoutJs: number
  seoProblems: string[]
  consoleErrors: string[]
}

export interface RouteResult {
  path: string
  kind: string
  ours: VariantResult
  baseline?: VariantResult
  budgetMisses: string[]
}

export interface Report {
  generatedAt: string
  environment: { chromium: string; lighthouse: string; node: string; server: string }
  budgets: typeof budgets
  routes: RouteResult[]
  siteChecks: SeoCheck[]
  admin: AdminResult & { violations: AxeCounts }
  ok: boolean
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

const ms = (v: number) => `${Math.round(v)} ms`
const sec = (v: number) => `${(v / 1000).toFixed(2)} s`
const k = (bytes: number) => kb(bytes).toFixed(1)
const axeCell = (a: AxeCounts) => `${a.critical}/${a.serious}/${a.moderate}/${a.minor}`
/** How many times the baseline's figure is ours ("×3.2"); a zero of ours has no ratio. */
export function ratio(ours: number, baseline: number): string {
  if (ours === 0) return baseline === 0 ? '=' : '∞'
  return `×${(baseline / ours).toFixed(1)}`
}

/** The route that misses most, or else the one with the lowest performance and then the slowest LCP. */
export function worstRoute(routes: RouteResult[]): RouteResult {
  return [...routes].sort((a, b) => b.budgetMisses.length - a.budgetMisses.length
    || a.ours.lighthouse.scores.performance - b.ours.lighthouse.scores.performance
    || b.ours.lighthouse.lcpMs - a.ours.lighthouse.lcpMs)[0]!
}

export function summaryRows(routes: RouteResult[]) {
  const pick = (f: (v: VariantResult) => number) => routes.map((r) => f(r.ours))
  return {
    performance: median(pick((v) => v.lighthouse.scores.performance)),
    lcpMs: median(pick((v) => v.lighthouse.lcpMs)),
    tbtMs: median(pick((v) => v.lighthouse.tbtMs)),
    cls: median(pick((v) => v.lighthouse.cls)),
    js: median(pick((v) => v.bytes.js)),
    jsDesktop: median(pick((v) => v.jsDesktopBytes)),
    css: median(pick((v) => v.bytes.css)),
    html: median(pick((v) => v.bytes.html)),
  }
}

function oursTable(routes: RouteResult[]): string[] {
  const lines = [
    '| Ruta | Rend. | Acc. | B. P. | SEO | LCP | TBT | CLS | JS kB visita móvil | CSS kB | HTML kB | JS kB visita escritorio | axe c/g/m/l | SEO de la página | Presupuesto |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|---|---|',
  ]
  for (const r of routes) {
    const { lighthouse: lh, bytes } = r.ours
    lines.push(`| ${r.path} | ${lh.scores.performance} | ${lh.scores.accessibility} | ${lh.scores.bestPractices} | ${lh.scores.seo} | ${sec(lh.lcpMs)} | ${ms(lh.tbtMs)} | ${lh.cls.toFixed(3)} | ${k(bytes.js)} | ${k(bytes.css)} | ${k(bytes.html)} | ${k(r.ours.jsDesktopBytes)} | ${axeCell(r.ours.axe)} | ${r.ours.seoProblems.join('; ') || 'ok'} | ${r.budgetMisses.length ? `✗ ${r.budgetMisses.join('; ')}` : '✓'} |`)
  }
  return lines
}

function baselineTable(routes: RouteResult[]): string[] {
  const lines = [
    '| Ruta | LCP nuestro / base / ratio | TBT nuestro / base / ratio | JS kB nuestro / base / ratio | SEO nuestro / base | Texto sin JS nuestro / base (palabras) |',
    '|---|---|---|---|---|---|',
  ]
  for (const r of routes) {
    const o = r.ours
    const b = r.baseline!
    lines.push(`| ${r.path} | ${sec(o.lighthouse.lcpMs)} / ${sec(b.lighthouse.lcpMs)} / ${ratio(o.lighthouse.lcpMs, b.lighthouse.lcpMs)} | ${ms(o.lighthouse.tbtMs)} / ${ms(b.lighthouse.tbtMs)} / ${ratio(o.lighthouse.tbtMs, b.lighthouse.tbtMs)} | ${k(o.bytes.js)} / ${k(b.bytes.js)} / ${ratio(o.bytes.js, b.bytes.js)} | ${o.lighthouse.scores.seo} / ${b.lighthouse.scores.seo} | ${o.wordsWithoutJs > 0 ? 'sí' : 'no'} (${o.wordsWithoutJs}) / ${b.wordsWithoutJs > 0 ? 'sí' : 'no'} (${b.wordsWithoutJs}) |`)
  }
  const med = (f: (v: VariantResult) => number) => [median(routes.map((r) => f(r.ours))), median(routes.map((r) => f(r.baseline!)))] as const
  const [lcpO, lcpB] = med((v) => v.lighthouse.lcpMs)
  const [tbtO, tbtB] = med((v) => v.lighthouse.tbtMs)
  const [jsO, jsB] = med((v) => v.bytes.js)
  const [seoO, seoB] = med((v) => v.lighthouse.scores.seo)
  const [wO, wB] = med((v) => v.wordsWithoutJs)
  lines.push(`| **mediana** | ${sec(lcpO)} / ${sec(lcpB)} / ${ratio(lcpO, lcpB)} | ${ms(tbtO)} / ${ms(tbtB)} / ${ratio(tbtO, tbtB)} | ${k(jsO)} / ${k(jsB)} / ${ratio(jsO, jsB)} | ${seoO} / ${seoB} | ${wO} / ${wB} |`)
  return lines
}

/** The few lines docs/quality.md quotes: the verdict, medians over the routes and the worst route. */
export function renderSummary(report: Report): string[] {
  const { routes } = report
  const s = summaryRows(routes)
  const worst = worstRoute(routes)
  const lines = [
    `**${report.ok ? '✓ Todos los presupuestos se cumplen' : '✗ Hay presupuestos incumplidos'}** (${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC, ${routes.length} rutas, servidor: ${report.environment.server}).`,
    '',
    `- Mediana de las ${routes.length} rutas: rendimiento ${s.performance}, LCP ${sec(s.lcpMs)}, TBT ${ms(s.tbtMs)}, CLS ${s.cls.toFixed(3)}, JS de la visita móvil ${k(s.js)} kB (escritorio ${k(s.jsDesktop)} kB), CSS ${k(s.css)} kB, HTML ${k(s.html)} kB.`,
    `- Peor ruta: ${worst.path} (rendimiento ${worst.ours.lighthouse.scores.performance}, LCP ${sec(worst.ours.lighthouse.lcpMs)}, TBT ${ms(worst.ours.lighthouse.tbtMs)}, JS ${k(worst.ours.bytes.js)} kB${worst.budgetMisses.length ? `; incumple: ${worst.budgetMisses.join('; ')}` : ''}).`,
  ]
  const missed = routes.filter((r) => r.budgetMisses.length)
  if (missed.length) lines.push(`- Rutas que incumplen algún presupuesto: ${missed.length} de ${routes.length} (${missed.map((r) => r.path).join(', ')}).`)
  if (routes[0]?.baseline) {
    const med = (f: (v: VariantResult) => number) => [median(routes.map((r) => f(r.ours))), median(routes.map((r) => f(r.baseline!)))] as const
    const [lcpO, lcpB] = med((v) => v.lighthouse.lcpMs)
    const [tbtO, tbtB] = med((v) => v.lighthouse.tbtMs)
    const [jsO, jsB] = med((v) => v.bytes.js)
    lines.push(`- Frente a la versión renderizada en el cliente (medianas, nuestra / base / ratio): LCP ${sec(lcpO)} / ${sec(lcpB)} / ${ratio(lcpO, lcpB)}; TBT ${ms(tbtO)} / ${ms(tbtB)} / ${ratio(tbtO, tbtB)}; JS ${k(jsO)} / ${k(jsB)} kB / ${ratio(jsO, jsB)}; texto sin JavaScript en ${routes.filter((r) => r.ours.wordsWithoutJs > 0).length} / ${routes.filter((r) => r.baseline!.wordsWithoutJs > 0).length} rutas.`)
    for (const path of ['/', '/shopify']) {
      const r = routes.find((x) => x.path === path)
      if (!r) continue
      const o = r.ours.lighthouse
      const b = r.baseline!.lighthouse
      lines.push(`- ${path}: LCP ${sec(o.lcpMs)} / ${sec(b.lcpMs)} (${ratio(o.lcpMs, b.lcpMs)}), TBT ${ms(o.tbtMs)} / ${ms(b.tbtMs)} (${ratio(o.tbtMs, b.tbtMs)}), JS ${k(r.ours.bytes.js)} / ${k(r.baseline!.bytes.js)} kB (${ratio(r.ours.bytes.js, r.baseline!.bytes.js)}).`)
    }
  }
  return lines
}

export function renderMarkdown(report: Report): string {
  const { routes } = report
  const b = report.budgets
  const lines = [
    '# Informe de calidad',
    '',
    `Generado ${report.generatedAt} con \`npm run quality${routes[0]?.baseline ? ' -- --baseline' : ''}\` · Chromium ${report.environment.chromium} · Lighthouse ${report.environment.lighthouse} (móvil: 4G lenta simulada, CPU ×4) · Node ${report.environment.node} · servidor: ${report.environment.server}.`,
    '',
    `Presupuestos por ruta: rendimiento ≥ ${b.performance}, accesibilidad/buenas prácticas/SEO = 100, LCP ≤ ${b.lcpMs / 1000} s, TBT ≤ ${b.tbtMs} ms, CLS ≤ ${b.cls}, JS de una visita completa en el móvil ≤ ${b.jsKb} kB gzip, CSS ≤ ${b.cssKb} kB gzip, 0 infracciones axe graves o críticas (WCAG 2.2 A/AA).`,
    '',
    '## Resumen',
    '',
    ...renderSummary(report),
    '',
    '## Rutas públicas',
    '',
    'Bytes: gzip (nivel 6) de cada respuesta JS, CSS y HTML de nuestro origen durante una visita completa en un móvil de 412 px (recorriendo la página hasta el final, aceptando las cookies y mostrando el calendario de reservas en lugar de su marcador; el script del servicio de reservas es de un tercero y no cuenta); la columna «escritorio» suma el JS de la misma visita a 1350 px pasando además el puntero por el menú, que entonces se hidrata con React. axe: reglas infringidas críticas/graves/moderadas/leves, en móvil y escritorio.',
    '',
    ...oursTable(routes),
    '',
  ]
  if (routes[0]?.baseline) {
    lines.push('## Comparación con la versión renderizada en el cliente', '',
      'Base: el mismo sitio (mismo contenido y componentes) compilado con `ssr: false` en todas las páginas: HTML vacío y una sola aplicación React que lo pinta todo. Medidos en la misma ejecución, alternando nuestra versión y la base ruta a ruta. Ratio = cifra de la base ÷ la nuestra.', '',
      ...baselineTable(routes), '')
  }
  lines.push('## SEO del sitio', '', '| Comprobación | | Detalle |', '|---|:-:|---|',
    ...report.siteChecks.map((c) => `| ${c.name} | ${c.ok ? '✓' : '✗'} | ${c.detail} |`), '')
  lines.push('## Panel de administración (axe)', '')
  if (report.admin.skipped) lines.push(`Omitido en parte: ${report.admin.skipped}.`, '')
  if (report.admin.scans.length) {
    lines.push('| Pantalla | axe c/g/m/l | Reglas |', '|---|:-:|---|',
      ...report.admin.scans.map((s) => `| ${s.screen} | ${axeCell(countByImpact(s.violations))} | ${s.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || '—'} |`), '')
  }
  const violations = routes.flatMap((r) => r.ours.axeViolations.map((v) => ({ ...v, path: r.path })))
  if (violations.length) {
    lines.push('## Infracciones axe en las rutas públicas', '', '| Ruta | Regla | Impacto | Nodos | Dónde |', '|---|---|---|--:|---|',
      ...violations.map((v) => `| ${v.path} | ${v.id}: ${v.help} | ${v.impact} | ${v.nodes} | ${v.where} |`), '')
  }
  return lines.join('\n')
}
