/**
 * `npm run quality [-- --baseline] [-- --runs N]`: builds what is stale, serves the built site, and
 * measures every public route of the route registry (Lighthouse mobile, axe WCAG 2.2 A/AA, gzip bytes
 * of JS/CSS/HTML, SEO essentials), plus axe on /auth and the /admin tabs. Writes quality/report.json
 * and quality/report.md; exits 1 when a budget (scripts/quality/budgets.ts) is missed.
 * With --baseline it also builds the client-rendered version and measures both, alternating per route.
 * `--routes /,/shopify` measures only those routes: a partial report (quality/partial-report.*, not kept in
 * git), without the site-wide checks, the panel's axe scan or the summary quoted in docs/quality.md.
 * `npm run quality -- --against <git ref> [--runs N] [--cpu-slowdown 4,8] [--routes /,/shopify]
 * [--max-lcp-ratio 0.85]` measures only Lighthouse, side by side with that ref's build
 * (scripts/quality/compare.ts).
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { chromium, type Browser } from 'playwright-core'
import { scanAdmin } from './quality/admin'
import { countByImpact } from './quality/axe'
import { budgetMisses, budgets, isLighthouseMiss, kb } from './quality/budgets'
import { compareWithReference } from './quality/compare'
import { buildIfStale, outDirOf, readRoutes, type SiteVariant } from './quality/build'
import { medianResult, startLighthouse, type LighthouseResult, type LighthouseRunner } from './quality/lighthouse'
import { desktop, measureLoad, mobile, viewWithoutJs, type StaticView } from './quality/pageLoad'
import { renderMarkdown, renderSummary, type Report, type RouteResult, type VariantResult } from './quality/report'
import { checkLegalNotice, checkSiteFiles, checkUniqueHeads, pageSeoProblems, readSite } from './quality/seo'
import { hasProductServer, startProductServer, startStaticServer, warmRoutes, type RunningSite } from './quality/server'
import { publishedRoutes, type MeasuredRoute } from './quality/publishedRoutes'

const args = process.argv.slice(2)
const withBaseline = args.includes('--baseline')
/** The value after a flag (`--runs 3`), or undefined when the flag is absent. */
const argValue = (flag: string) => {
  const at = args.indexOf(flag)
  return at >= 0 ? args[at + 1] : undefined
}
const against = argValue('--against')
const onlyRoutes = argValue('--routes')?.split(',')
/** The committed report is the whole site's: a partial run writes beside it. */
const reportFile = onlyRoutes && !against ? 'quality/partial-report' : 'quality/report'
const runs = Math.max(1, Number(argValue('--runs') ?? (against ? 3 : 1)))
const basePort = Number(process.env.QUALITY_PORT ?? 4310)
/**
 * Extra Lighthouse runs of a route whose first run misses a timing budget (the median of all counts). Its
 * simulated LCP moves by ±50 ms from run to run on this machine, as much as some routes' margin, so a miss
 * is judged on the median of five runs.
 */
const retriesOnMiss = 4

const log = (line: string) => console.log(line)
const site = readSite()

async function lighthouseRuns(lighthouse: LighthouseRunner, url: string, count: number): Promise<LighthouseResult[]> {
  const results: LighthouseResult[] = []
  while (results.length < count) results.push(await lighthouse.run(url))
  return results
}

/** One site's figures for one route, and the page as seen without JavaScript (for the site-wide SEO checks). */
async function measureVariant(
  browser: Browser,
  lighthouse: LighthouseRunner,
  origin: string,
  route: MeasuredRoute,
): Promise<{ result: VariantResult; view: StaticView }> {
  const url = `${origin}${route.path}`
  const results = await lighthouseRuns(lighthouse, url, runs)
  const [onMobile, onDesktop, view] = [
    await measureLoad(browser, url, mobile, 'phone'),
    await measureLoad(browser, url, desktop, 'desktop'),
    await viewWithoutJs(browser, url),
  ]
  const axeViolations = [...onMobile.violations, ...onDesktop.violations]
  const result: VariantResult = {
    lighthouse: medianResult(results),
    lighthouseRuns: results.length,
    bytes: onMobile.bytes,
    jsDesktopBytes: onDesktop.bytes.js,
    axe: countByImpact(axeViolations),
    axeViolations,
    wordsWithoutJs: view.wordsWithoutJs,
    seoProblems: pageSeoProblems(route, view, site),
    consoleErrors: [...onMobile.consoleErrors, ...onDesktop.consoleErrors],
  }
  return { result, view }
}

function describe(v: VariantResult): string {
  const lh = v.lighthouse
  return `perf ${lh.scores.performance} acc ${lh.scores.accessibility} bp ${lh.scores.bestPractices} seo ${lh.scores.seo} · LCP ${(lh.lcpMs / 1000).toFixed(2)} s TBT ${Math.round(lh.tbtMs)} ms CLS ${lh.cls.toFixed(3)} · phone JS ${kb(v.bytes.js).toFixed(1)} (desktop ${kb(v.jsDesktopBytes).toFixed(1)}) CSS ${kb(v.bytes.css).toFixed(1)} HTML ${kb(v.bytes.html).toFixed(1)} kB · axe ${v.axe.critical}/${v.axe.serious}/${v.axe.moderate}/${v.axe.minor}`
}

/** docs/quality.md quotes the latest summary between two markers. */
function quoteSummaryInDocs(summary: string[]): void {
  const docs = 'docs/quality.md'
  if (!existsSync(docs)) return
  const text = readFileSync(docs, 'utf8')
  // Blank lines around the summary, as Prettier writes Markdown: the quoted report passes `npm run format:check`.
  const updated = text.replace(/(<!-- quality-summary:start -->\n)[\s\S]*?(<!-- quality-summary:end -->)/, `$1\n${summary.join('\n')}\n\n$2`)
  if (updated !== text) writeFileSync(docs, updated)
}

async function serve(variant: SiteVariant, port: number): Promise<RunningSite> {
  if (variant === 'ours' && hasProductServer()) return startProductServer(port)
  if (variant === 'ours') log('ours: src/host/start.ts does not exist yet; serving dist/client with a static gzip server')
  return startStaticServer(outDirOf[variant], port)
}

/** The routes a comparison measures by default: the home, a service, a landing with a long hero, a legal text. */
const comparedRoutes = ['/', '/shopify', '/agentes-ia', '/aviso-legal']

async function compare(chromePath: string, ref: string): Promise<number> {
  buildIfStale('ours', log)
  const maxLcpRatio = argValue('--max-lcp-ratio')
  const comparison = await compareWithReference(
    {
      ref,
      runs,
      routes: onlyRoutes ?? comparedRoutes,
      cpuSlowdowns: (argValue('--cpu-slowdown') ?? '4').split(',').map(Number),
      ...(maxLcpRatio && { maxLcpRatio: Number(maxLcpRatio) }),
    },
    { chromePath, basePort, serve: (root, port) => startProductServer(port, root), log },
  )
  log(comparison.ok ? '✓ Comparison written to quality/compare.md' : '✗ A route misses the comparison budget: see quality/compare.md')
  return comparison.ok ? 0 : 1
}

async function main(): Promise<number> {
  const chromePath = execFileSync('bash', ['scripts/chromium.sh'], { encoding: 'utf8' }).trim()
  if (against) return compare(chromePath, against)
  const variants: SiteVariant[] = withBaseline ? ['ours', 'baseline'] : ['ours']
  for (const v of variants) buildIfStale(v, log)
  const contentRoutes = readRoutes('ours')
  if (withBaseline) {
    const baselinePaths = readRoutes('baseline')
      .map((r) => r.path)
      .join()
    if (baselinePaths !== contentRoutes.map((r) => r.path).join())
      throw new Error('the baseline and our build have different routes: delete dist-baseline/ and run again')
  }
  const servers = new Map<SiteVariant, RunningSite>()
  for (const [i, v] of variants.entries()) servers.set(v, await serve(v, basePort + i))
  // What staff published (the seeded demo content) is measured too, on our site only: the baseline has no CMS pages.
  const published = await publishedRoutes(servers.get('ours')!.origin, contentRoutes, site.siteUrl)
  const allRoutes: MeasuredRoute[] = [...contentRoutes, ...published]
  const unknown = onlyRoutes?.filter((path) => !allRoutes.some((r) => r.path === path)) ?? []
  if (unknown.length) {
    for (const s of servers.values()) await s.stop()
    throw new Error(`--routes: no such route ${unknown.join(', ')} (routes: ${allRoutes.map((r) => r.path).join(', ')})`)
  }
  const routes = onlyRoutes ? allRoutes.filter((r) => onlyRoutes.includes(r.path)) : allRoutes
  await warmRoutes(
    [...servers.values()].map((s) => s.origin),
    routes.map((r) => r.path),
  )
  let browser = await chromium.launch({ executablePath: chromePath })
  /** The Playwright browser, started again if it went away (a crash on a busy machine). */
  const liveBrowser = async () => {
    if (!browser.isConnected()) browser = await chromium.launch({ executablePath: chromePath })
    return browser
  }
  const lighthouse = await startLighthouse(chromePath)
  try {
    log(
      `Measuring ${routes.length} registry routes${withBaseline ? ', alternating ours and the baseline' : ''} (Lighthouse ${runs} ${runs === 1 ? 'run' : 'runs'} per route)...`,
    )
    const results: RouteResult[] = []
    const views: { path: string; view: StaticView }[] = []
    for (const [i, route] of routes.entries()) {
      const measured: Partial<Record<SiteVariant, VariantResult>> = {}
      for (const v of variants.filter((variant) => variant === 'ours' || !published.includes(route))) {
        const measure = async () => measureVariant(await liveBrowser(), lighthouse, servers.get(v)!.origin, route)
        const { result, view } = await measure().catch(measure)
        measured[v] = result
        if (v === 'ours') views.push({ path: route.path, view })
        log(`[${i + 1}/${routes.length}] ${route.path.padEnd(26)} ${v === 'ours' ? 'ours    ' : 'baseline'} ${describe(result)}`)
      }
      let ours = measured.ours!
      let misses = budgetMisses(ours)
      if (misses.some(isLighthouseMiss)) {
        log(`    ${misses.join('; ')}: running Lighthouse ${retriesOnMiss} more times and taking the median`)
        const again = await lighthouseRuns(lighthouse, `${servers.get('ours')!.origin}${route.path}`, retriesOnMiss)
        ours = { ...ours, lighthouse: medianResult([ours.lighthouse, ...again]), lighthouseRuns: ours.lighthouseRuns + again.length }
        misses = budgetMisses(ours)
        log(`    median: ${describe(ours)}`)
      }
      if (misses.length)
        log(`    ✗ ${misses.join('; ')}${ours.lighthouse.failedAudits.length ? ` (audits: ${ours.lighthouse.failedAudits.join(', ')})` : ''}`)
      if (ours.seoProblems.length) log(`    ✗ SEO: ${ours.seoProblems.join('; ')}`)
      results.push({ path: route.path, kind: route.kind, ours, ...(measured.baseline ? { baseline: measured.baseline } : {}), budgetMisses: misses })
    }

    // Site-wide checks need every route: a partial run (--routes) leaves them out.
    const siteChecks = onlyRoutes
      ? []
      : [...(await checkSiteFiles(servers.get('ours')!.origin, routes, site)), ...checkUniqueHeads(views), checkLegalNotice(views, site)]
    if (!onlyRoutes) log('Panel: axe on /auth and on each /admin tab...')
    const admin = onlyRoutes
      ? { scans: [], skipped: `not scanned: only ${onlyRoutes.join(', ')} were measured (--routes)` }
      : await scanAdmin(await liveBrowser(), servers.get('ours')!.origin, servers.get('ours')!.output())
    if (admin.skipped) log(`    ${admin.skipped}`)
    const adminViolations = countByImpact(admin.scans.flatMap((s) => s.violations))

    const ok =
      results.every((r) => r.budgetMisses.length === 0 && r.ours.seoProblems.length === 0) &&
      siteChecks.every((c) => c.ok) &&
      adminViolations.critical + adminViolations.serious === 0
    const report: Report = {
      generatedAt: new Date().toISOString(),
      environment: {
        chromium: browser.version(),
        lighthouse: (JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as { version: string }).version,
        node: process.versions.node,
        server: hasProductServer() ? 'npm start (the product server)' : 'static with gzip (no product server yet)',
      },
      budgets,
      routes: results,
      siteChecks,
      admin: { ...admin, violations: adminViolations },
      ok,
    }
    mkdirSync('quality', { recursive: true })
    writeFileSync(`${reportFile}.json`, `${JSON.stringify(report, null, 2)}\n`)
    writeFileSync(`${reportFile}.md`, renderMarkdown(report))
    if (!onlyRoutes) quoteSummaryInDocs(renderSummary(report))
    for (const c of siteChecks) log(`${c.ok ? '✓' : '✗'} ${c.name}: ${c.detail}`)
    log(`axe on the panel: ${adminViolations.critical} critical, ${adminViolations.serious} serious (${admin.scans.length} screens)`)
    log(ok ? `✓ Every budget is held. Report: ${reportFile}.md` : `✗ Some budgets are missed: see ${reportFile}.md`)
    return ok ? 0 : 1
  } finally {
    await lighthouse.close()
    await browser.close()
    for (const s of servers.values()) await s.stop()
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error)
    process.exit(2)
  },
)
