/**
 * Lighthouse 12 (mobile preset: simulated slow 4G and a mid-range phone) in Debian's Chromium, one
 * Chrome for the whole run. Runs are sequential: parallel runs on a 2-core machine skew the timings.
 */
import { writeFileSync } from 'node:fs'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'

export interface LighthouseResult {
  scores: { performance: number; accessibility: number; bestPractices: number; seo: number }
  lcpMs: number
  tbtMs: number
  cls: number
  /** Ids of the audits that cost points in accessibility, best practices or SEO (to know what to fix). */
  failedAudits: string[]
}

export interface LighthouseRunner {
  run: (url: string, htmlReportPath?: string) => Promise<LighthouseResult>
  close: () => Promise<void>
}

const categories = ['performance', 'accessibility', 'best-practices', 'seo'] as const

// As root, Chromium only starts without its sandbox.
const launch = (chromePath: string) => chromeLauncher.launch({ chromePath, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-dev-shm-usage'] })

export async function startLighthouse(chromePath: string): Promise<LighthouseRunner> {
  let chrome = await launch(chromePath)
  const audit = (url: string, html: boolean) => lighthouse(url, {
    port: chrome.port,
    logLevel: 'error',
    output: html ? ['json', 'html'] : 'json',
    onlyCategories: [...categories],
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
        tbtMs: numeric('total-blocking-time'),
        cls: numeric('cumulative-layout-shift'),
        failedAudits,
      }
    },
    close: () => Promise.resolve(chrome.kill()),
  }
}
