/** The report's data (quality/report.json) and its readable form (quality/report.md). */
import { median } from './median'
import type { AdminResult } from './admin'
import { countByImpact, type AxeCounts, type AxeViolation } from './axe'
import { budgets, kb } from './budgets'
import { IMAGE_AUDITS, type LighthouseResult } from './lighthouse'
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
    '| Route | Perf. | Acc. | B. P. | SEO | FCP | LCP | SI | TBT | CLS | Phone-visit JS kB | CSS kB | HTML kB | Desktop-visit JS kB | axe c/s/m/m | Page SEO | Budget |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|:-:|---|---|',
  ]
  for (const r of routes) {
    const { lighthouse: lh, bytes } = r.ours
    lines.push(`| ${r.path} | ${lh.scores.performance} | ${lh.scores.accessibility} | ${lh.scores.bestPractices} | ${lh.scores.seo} | ${sec(lh.fcpMs)} | ${sec(lh.lcpMs)} | ${sec(lh.siMs)} | ${ms(lh.tbtMs)} | ${lh.cls.toFixed(3)} | ${k(bytes.js)} | ${k(bytes.css)} | ${k(bytes.html)} | ${k(r.ours.jsDesktopBytes)} | ${axeCell(r.ours.axe)} | ${r.ours.seoProblems.join('; ') || 'ok'} | ${r.budgetMisses.length ? `✗ ${r.budgetMisses.join('; ')}` : '✓'} |`)
  }
  return lines
}

/** Lighthouse's image audits per route: the score, or n/a where the page has no image the audit concerns. */
function imageTable(routes: RouteResult[]): string[] {
  const cell = (score: number | null) => (score === null ? 'n/a' : score === 1 ? '✓ 1' : `✗ ${score}`)
  return [
    `| Route | ${IMAGE_AUDITS.join(' | ')} |`,
    `|---|${IMAGE_AUDITS.map(() => ':-:').join('|')}|`,
    ...routes.map((r) => `| ${r.path} | ${IMAGE_AUDITS.map((id) => cell(r.ours.lighthouse.imageAudits[id])).join(' | ')} |`),
  ]
}

function baselineTable(routes: RouteResult[]): string[] {
  const lines = [
    '| Route | LCP ours / baseline / ratio | TBT ours / baseline / ratio | JS kB ours / baseline / ratio | SEO ours / baseline | Text without JS ours / baseline (words) |',
    '|---|---|---|---|---|---|',
  ]
  for (const r of routes) {
    const o = r.ours
    const b = r.baseline!
    lines.push(`| ${r.path} | ${sec(o.lighthouse.lcpMs)} / ${sec(b.lighthouse.lcpMs)} / ${ratio(o.lighthouse.lcpMs, b.lighthouse.lcpMs)} | ${ms(o.lighthouse.tbtMs)} / ${ms(b.lighthouse.tbtMs)} / ${ratio(o.lighthouse.tbtMs, b.lighthouse.tbtMs)} | ${k(o.bytes.js)} / ${k(b.bytes.js)} / ${ratio(o.bytes.js, b.bytes.js)} | ${o.lighthouse.scores.seo} / ${b.lighthouse.scores.seo} | ${o.wordsWithoutJs > 0 ? 'yes' : 'no'} (${o.wordsWithoutJs}) / ${b.wordsWithoutJs > 0 ? 'yes' : 'no'} (${b.wordsWithoutJs}) |`)
  }
  const med = (f: (v: VariantResult) => number) => [median(routes.map((r) => f(r.ours))), median(routes.map((r) => f(r.baseline!)))] as const
  const [lcpO, lcpB] = med((v) => v.lighthouse.lcpMs)
  const [tbtO, tbtB] = med((v) => v.lighthouse.tbtMs)
  const [jsO, jsB] = med((v) => v.bytes.js)
  const [seoO, seoB] = med((v) => v.lighthouse.scores.seo)
  const [wO, wB] = med((v) => v.wordsWithoutJs)
  lines.push(`| **median** | ${sec(lcpO)} / ${sec(lcpB)} / ${ratio(lcpO, lcpB)} | ${ms(tbtO)} / ${ms(tbtB)} / ${ratio(tbtO, tbtB)} | ${k(jsO)} / ${k(jsB)} / ${ratio(jsO, jsB)} | ${seoO} / ${seoB} | ${wO} / ${wB} |`)
  return lines
}

/** The few lines docs/quality.md quotes: the verdict, medians over the routes and the worst route. */
export function renderSummary(report: Report): string[] {
  const { routes } = report
  const s = summaryRows(routes)
  const worst = worstRoute(routes)
  const lines = [
    `**${report.ok ? '✓ Every budget is held' : '✗ Some budgets are missed'}** (${report.generatedAt.slice(0, 16).replace('T', ' ')} UTC, ${routes.length} routes, server: ${report.environment.server}).`,
    '',
    `- Median of the ${routes.length} routes: performance ${s.performance}, LCP ${sec(s.lcpMs)}, TBT ${ms(s.tbtMs)}, CLS ${s.cls.toFixed(3)}, JS of a whole phone visit ${k(s.js)} kB (desktop visit ${k(s.jsDesktop)} kB), CSS ${k(s.css)} kB, HTML ${k(s.html)} kB.`,
    `- Worst route: ${worst.path} (performance ${worst.ours.lighthouse.scores.performance}, LCP ${sec(worst.ours.lighthouse.lcpMs)}, TBT ${ms(worst.ours.lighthouse.tbtMs)}, phone-visit JS ${k(worst.ours.bytes.js)} kB${worst.budgetMisses.length ? `; misses: ${worst.budgetMisses.join('; ')}` : ''}).`,
  ]
  const missed = routes.filter((r) => r.budgetMisses.length)
  if (missed.length) lines.push(`- Routes missing a budget: ${missed.length} of ${routes.length} (${missed.map((r) => r.path).join(', ')}).`)
  if (routes[0]?.baseline) {
    const med = (f: (v: VariantResult) => number) => [median(routes.map((r) => f(r.ours))), median(routes.map((r) => f(r.baseline!)))] as const
    const [lcpO, lcpB] = med((v) => v.lighthouse.lcpMs)
    const [tbtO, tbtB] = med((v) => v.lighthouse.tbtMs)
    const [jsO, jsB] = med((v) => v.bytes.js)
    lines.push(`- Against the client-rendered version (medians, ours / baseline / ratio): LCP ${sec(lcpO)} / ${sec(lcpB)} / ${ratio(lcpO, lcpB)}; TBT ${ms(tbtO)} / ${ms(tbtB)} / ${ratio(tbtO, tbtB)}; JS ${k(jsO)} / ${k(jsB)} kB / ${ratio(jsO, jsB)}; text without JavaScript on ${routes.filter((r) => r.ours.wordsWithoutJs > 0).length} / ${routes.filter((r) => r.baseline!.wordsWithoutJs > 0).length} routes.`)
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
    '# Quality report',
    '',
    `Generated ${report.generatedAt} by \`npm run quality${routes[0]?.baseline ? ' -- --baseline' : ''}\` · Chromium ${report.environment.chromium} · Lighthouse ${report.environment.lighthouse} (mobile: simulated slow 4G, CPU ×4) · Node ${report.environment.node} · server: ${report.environment.server}.`,
    '',
    `Budgets per route: performance ≥ ${b.performance}, accessibility/best practices/SEO = 100, LCP ≤ ${b.lcpMs / 1000} s, TBT ≤ ${b.tbtMs} ms, CLS ≤ ${b.cls}, JS of a whole phone visit ≤ ${b.jsKb} kB gzip, CSS ≤ ${b.cssKb} kB gzip, no serious or critical axe violations (WCAG 2.2 A/AA), every Lighthouse image audit passing (score ${b.imageAuditScore}) or not applicable.`,
    '',
    '## Summary',
    '',
    ...renderSummary(report),
    '',
    '## Public routes',
    '',
    'Bytes: gzip (level 6) of every JS, CSS and HTML response from our own origin during a whole visit on a 412 px phone (scrolled to the end, cookies accepted, the booking calendar shown instead of its placeholder; the booking service\'s own script is a third party\'s and does not count). The desktop column adds up the JS of the same visit at 1350 px with the pointer also on the menu, which then hydrates with React. axe: violated rules critical/serious/moderate/minor, phone and desktop.',
    '',
    ...oursTable(routes),
    '',
    '## Images (Lighthouse)',
    '',
    'Each image audit of the median run set (the worst of the runs): ✓ passes, ✗ costs points (a budget miss), n/a: the page has no image the audit concerns.',
    '',
    ...imageTable(routes),
    '',
  ]
  if (routes[0]?.baseline) {
    lines.push('## Against the client-rendered version', '',
      'Baseline: the same site (same content and components) built with `ssr: false` on every page: an empty HTML shell and one React app that renders everything. Measured in the same run, alternating ours and the baseline route by route. Ratio = baseline figure ÷ ours.', '',
      ...baselineTable(routes), '')
  }
  lines.push('## Site SEO', '', '| Check | | Detail |', '|---|:-:|---|',
    ...report.siteChecks.map((c) => `| ${c.name} | ${c.ok ? '✓' : '✗'} | ${c.detail} |`), '')
  lines.push('## Admin panel (axe)', '')
  if (report.admin.skipped) lines.push(`Partly skipped: ${report.admin.skipped}.`, '')
  if (report.admin.scans.length) {
    lines.push('| Screen | axe c/s/m/m | Rules |', '|---|:-:|---|',
      ...report.admin.scans.map((s) => `| ${s.screen} | ${axeCell(countByImpact(s.violations))} | ${s.violations.map((v) => `${v.id} (${v.impact})`).join(', ') || '—'} |`), '')
  }
  const violations = routes.flatMap((r) => r.ours.axeViolations.map((v) => ({ ...v, path: r.path })))
  if (violations.length) {
    lines.push('## axe violations on public routes', '', '| Route | Rule | Impact | Nodes | Where |', '|---|---|---|--:|---|',
      ...violations.map((v) => `| ${v.path} | ${v.id}: ${v.help} | ${v.impact} | ${v.nodes} | ${v.where} |`), '')
  }
  return lines.join('\n')
}
