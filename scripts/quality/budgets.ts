/** The budgets every public route must hold. A missed budget fails `npm run quality`. */
import type { AxeCounts } from './axe'
import type { Bytes } from './pageLoad'
import type { LighthouseResult } from './lighthouse'

export const budgets = {
  performance: 100, accessibility: 100, bestPractices: 100, seo: 100,
  lcpMs: 1000, tbtMs: 50, cls: 0.02,
  /**
   * gzip kB (1 kB = 1000 bytes, as Vite prints them) of our own JS and CSS over a whole phone visit
   * (scrolled to the end, cookies accepted, booking embed shown): phones download no React.
   */
  jsKb: 10, cssKb: 20,
  /** Every Lighthouse image audit (IMAGE_AUDITS) scores this, or does not apply to the page. */
  imageAuditScore: 1,
} as const

export const kb = (bytes: number) => bytes / 1000

export interface Measured { lighthouse: LighthouseResult; bytes: Bytes; axe: AxeCounts }

export function budgetMisses({ lighthouse: lh, bytes, axe }: Measured): string[] {
  const misses: string[] = []
  const min = (name: string, value: number, floor: number) => { if (value < floor) misses.push(`${name} ${value} < ${floor}`) }
  const max = (name: string, value: number, ceiling: number, unit = '') => { if (value > ceiling) misses.push(`${name} ${+value.toFixed(3)}${unit} > ${ceiling}${unit}`) }
  min('performance', lh.scores.performance, budgets.performance)
  min('accessibility', lh.scores.accessibility, budgets.accessibility)
  min('best practices', lh.scores.bestPractices, budgets.bestPractices)
  min('SEO', lh.scores.seo, budgets.seo)
  max('LCP', lh.lcpMs, budgets.lcpMs, ' ms')
  max('TBT', lh.tbtMs, budgets.tbtMs, ' ms')
  max('CLS', lh.cls, budgets.cls)
  max('phone-visit JS', kb(bytes.js), budgets.jsKb, ' kB')
  max('CSS', kb(bytes.css), budgets.cssKb, ' kB')
  for (const [id, score] of Object.entries(lh.imageAudits))
    if (score !== null && score < budgets.imageAuditScore) misses.push(`image audit ${id} ${score} < ${budgets.imageAuditScore}`)
  if (axe.critical + axe.serious > 0) misses.push(`axe: ${axe.critical} critical, ${axe.serious} serious`)
  return misses
}

/** Misses Lighthouse's own noise can cause (±2 performance points run to run): worth measuring again. */
export function isLighthouseMiss(miss: string): boolean {
  return /^(performance|LCP|TBT|CLS) /.test(miss)
}
