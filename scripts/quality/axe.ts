/** axe-core through Playwright, limited to WCAG 2.2 levels A and AA (and the 2.0/2.1 rules they include). */
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'

export const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa']
export const impacts = ['critical', 'serious', 'moderate', 'minor'] as const
export type Impact = (typeof impacts)[number]

export interface AxeViolation { id: string; impact: Impact; nodes: number; help: string; where: string }
export type AxeCounts = Record<Impact, number>

/** Scans the page as it is now; `where` says which state was scanned (viewport, open tab...). */
export async function scanAxe(page: Page, where: string): Promise<AxeViolation[]> {
  // Colours are checked as they settle, not half-way through a fade-in (a toast arriving, say).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'), undefined, { timeout: 5_000 }).catch(() => undefined)
  // @axe-core/playwright is typed against @playwright/test's Page, the same object playwright-core returns.
  const results = await new AxeBuilder({ page: page }).withTags(wcagTags).analyze()
  return results.violations.map((v) => ({ id: v.id, impact: (v.impact ?? 'minor'), nodes: v.nodes.length, help: v.help, where }))
}

/** Violations counted once per rule and impact, whichever states they were found in. */
export function countByImpact(violations: AxeViolation[]): AxeCounts {
  const counts: AxeCounts = { critical: 0, serious: 0, moderate: 0, minor: 0 }
  for (const id of new Set(violations.map((v) => `${v.impact}:${v.id}`))) counts[id.split(':')[0] as Impact]++
  return counts
}
