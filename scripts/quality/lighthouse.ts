/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a mid-range phone) in Debian's Chromium, one
 * Chrome for the whole run. Runs are sequential: parallel runs on a 2-core machine skew the timings.
 */
import { writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { throttling } from 'lighthouse/core/config/constants.js'
import { median } from './median'

export interface LighthouseResult {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number }
  lcpMs: number
  fcpMs: number
  /**
   * Speed Index: mostly (×1.4) the speed index Chromium's own filmstrip observed, so whatever still changes
   * on screen after the first paint (a banner, an animation) costs performance points TBT and LCP do not show.
   */
  siMs: number
  tbtMs: number
  cls: number
  /** Bytes the page transferred (Lighthouse's total-byte-weight: compressed, every origin). */
  transferBytes: number
  /** Lighthouse's measure of this machine's speed at that moment (higher is faster; ~1000 a slow phone). */
  benchmarkIndex: number
  /** The LCP element as Lighthouse names it (a selector and the start of its markup). */
  lcpElement: string
  /** Ids of the audits that cost points in accessibility, best practices or SEO (to know what to fix). */
  failedAudits: string[]
  /** Each image audit's score (1: passes), or null where it does not apply (no such image, or not run). */
  imageAudits: Record<ImageAuditId, number | null>
}

/** Lighthouse's audits of a page's images (sizes, formats, lazy loading, dimensions): each must pass or not apply. */
export const IMAGE_AUDITS = [
  'uses-responsive-images',
  'modern-image-formats',
  'offscreen-images',
  'unsized-images',
  'uses-optimized-images',
  'efficient-animated-content',
  'image-size-responsive',
  'image-aspect-ratio',
] as const
export type ImageAuditId = (typeof IMAGE_AUDITS)[number]

export interface LighthouseOptions {
  /** Lighthouse's simulated CPU slowdown; its mobile default is 4 (a mid-range phone), 8 is a slower one. */
  cpuSlowdown?: number
  /** Only the performance category: what a side-by-side comparison needs, in less time. */
  performanceOnly?: boolean
}

export interface LighthouseRunner {
  run: (url: string, htmlReportPath?: string) => Promise<LighthouseResult>
  close: () => Promise<void>
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const

// As root, Chromium only starts without its sandbox.
const launch = (chromePath: string) => chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] })

export async function startLighthouse(chromePath: string, options: LighthouseOptions = {}): Promise<LighthouseRunner> {
  let chrome = await launch(chromePath)
  const audit = (url: string, html: boolean) => lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: html ? ['json', 'html'] : 'json',
    onlyCategories: options.performanceOnly ? ['performance'] : [...categories],
    ...(options.cpuSlowdown && { throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: options.cpuSlowdown } }),
  })
  return {
    async run(url, htmlReportPath) {
      // A Chrome that died under a busy machine is started again once, rather than losing the whole run.
      const result = await audit(url, Boolean(htmlReportPath)).catch(async () => {
        chrome.kill()
        chrome = await launch(chromePath)
        return audit(url, Boolean(htmlReportPath))
      })
      if (!result) throw new Error(`Lighthouse returned no result for ${url}`)
      const { lhr } = result
      if (lhr.runtimeError) throw new Error(`Lighthouse en ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
      if (htmlReportPath && Array.isArray(result.report)) writeFileSync(htmlReportPath, result.report[1]!)
      const score = (id: (typeof categories)[number]) => Math.round((lhr.categories[id]?.score ?? 0) * 100)
      const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
      const failedAudits = categories.slice(1).flatMap((c) => (lhr.categories[c]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${c}:${ref.id}`))
      return {
        scores: { performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'), seo: score('seo') },
        lcpMs: numeric('largest-contentful-paint'),
        fcpMs: numeric('first-contentful-paint'),
        siMs: numeric('speed-index'),
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        transferBytes: numeric('total-byte-weight'),
        benchmarkIndex: lhr.environment.benchmarkIndex,
        lcpElement: lcpElementOf(lhr.audits['largest-contentful-paint-element']?.details),
        failedAudits,
        imageAudits: imageAuditScores(lhr.audits),
      }
    },
    close: () => Promise.resolve(chrome.kill()),
  }
}

/** The LCP element from its audit's details (a table of one list item whose first row is the node). */
function lcpElementOf(details: unknown): string {
  const node = JSON.stringify(details ?? {}).match(/"selector":"([^"]*)"/)?.[1]
  return node ?? 'unknown'
}

type Audits = Record<string, { score: number | null; scoreDisplayMode?: string } | undefined>

function imageAuditScores(audits: Audits): Record<ImageAuditId, number | null> {
  const score = (id: ImageAuditId) => {
    const audit = audits[id]
    return !audit || audit.scoreDisplayMode === 'notApplicable' ? null : audit.score
  }
  return Object.fromEntries(IMAGE_AUDITS.map((id) => [id, score(id)])) as Record<ImageAuditId, number | null>
}

/** The worst score of each image audit over several runs (null only when it applied in none). */
function worstImageAudits(results: LighthouseResult[]): Record<ImageAuditId, number | null> {
  const worst = (id: ImageAuditId) => {
    const scores = results.map((r) => r.imageAudits[id]).filter((s) => s !== null)
    return scores.length ? Math.min(...scores) : null
  }
  return Object.fromEntries(IMAGE_AUDITS.map((id) => [id, worst(id)])) as Record<ImageAuditId, number | null>
}

/** The median of each figure over several runs of one page (scores included), every failed audit, the worst image audits. */
export function medianResult(results: LighthouseResult[]): LighthouseResult {
  const m = (f: (r: LighthouseResult) => number) => median(results.map(f))
  return {
    scores: {
      performance: m((r) => r.scores.performance),
      accessibility: m((r) => r.scores.accessibility),
      bestPractices: m((r) => r.scores.bestPractices),
      seo: m((r) => r.scores.seo),
    },
    lcpMs: m((r) => r.lcpMs),
    fcpMs: m((r) => r.fcpMs),
    siMs: m((r) => r.siMs),
    tbtMs: m((r) => r.tbtMs),
    cls: m((r) => r.cls),
    transferBytes: m((r) => r.transferBytes),
    benchmarkIndex: m((r) => r.benchmarkIndex),
    lcpElement: [...new Set(results.map((r) => r.lcpElement))].join(' | '),
    failedAudits: [...new Set(results.flatMap((r) => r.failedAudits))],
    imageAudits: worstImageAudits(results),
  }
}
