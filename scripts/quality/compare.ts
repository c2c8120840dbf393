/**
 * `npm run quality -- --against <git ref>`: this checkout and a reference build side by side. Both are
 * served by their own `npm start` (own port, own data folder) and measured with Lighthouse's mobile profile
 * in the same run, alternating which goes first on each round (A B, B A…), so a machine whose speed moves
 * from minute to minute moves both alike. Figures are medians of N runs per route; a speed claim is the
 * ratio ours ÷ reference, never an absolute time from another day. Writes quality/compare.md and .json.
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { medianResult, startLighthouse, type LighthouseResult } from './lighthouse'
import { prepareReference } from './reference'
import { median } from './median'
import { warmRoutes, type RunningSite } from './server'

export interface CompareOptions {
  ref: string
  routes: string[]
  runs: number
  cpuSlowdowns: number[]
  /** Fail (exit 1) when a route's median LCP is above this share of the reference's, or its TBT is higher. */
  maxLcpRatio?: number
}

interface Side {
  median: LighthouseResult
  runs: LighthouseResult[]
}

export interface RouteComparison {
  path: string
  cpuSlowdown: number
  ours: Side
  reference: Side
  lcpRatio: number
  fcpRatio: number
  ok: boolean
}

export interface Comparison {
  generatedAt: string
  reference: { ref: string; commit: string }
  runs: number
  benchmarkIndex: { median: number; min: number; max: number }
  routes: RouteComparison[]
  maxLcpRatio?: number
  ok: boolean
}

type Serve = (root: string, port: number) => Promise<RunningSite>

export async function compareWithReference(
  options: CompareOptions,
  io: { chromePath: string; basePort: number; serve: Serve; log: (line: string) => void },
): Promise<Comparison> {
  const { log } = io
  const reference = prepareReference(options.ref, log)
  const sites = {
    ours: await io.serve('.', io.basePort),
    reference: await io.serve(reference.root, io.basePort + 1),
  }
  const routes: RouteComparison[] = []
  try {
    await warmRoutes(Object.values(sites).map((site) => site.origin), options.routes)
    for (const cpuSlowdown of options.cpuSlowdowns) {
      const lighthouse = await startLighthouse(io.chromePath, { cpuSlowdown, performanceOnly: true })
      const runs = new Map(options.routes.map((path) => [path, { ours: [] as LighthouseResult[], reference: [] as LighthouseResult[] }]))
      try {
        for (let round = 0; round < options.runs; round++) {
          for (const path of options.routes) {
            const order = round % 2 === 0 ? (['ours', 'reference'] as const) : (['reference', 'ours'] as const)
            for (const side of order) {
              const url = `${sites[side].origin}${path}`
              // A busy machine sometimes loses a trace (NO_NAVSTART): that run is taken again, not the comparison.
              const result = await lighthouse.run(url).catch(() => lighthouse.run(url)).catch(() => lighthouse.run(url))
              runs.get(path)![side].push(result)
              log(`  CPU ×${cpuSlowdown} round ${round + 1}/${options.runs} ${path.padEnd(20)} ${side.padEnd(9)} LCP ${Math.round(result.lcpMs)} ms FCP ${Math.round(result.fcpMs)} ms TBT ${Math.round(result.tbtMs)} ms · benchmarkIndex ${Math.round(result.benchmarkIndex)}`)
            }
          }
        }
      } finally {
        await lighthouse.close()
      }
      for (const [path, measured] of runs) {
        const ours = medianResult(measured.ours)
        const ref = medianResult(measured.reference)
        const lcpRatio = ours.lcpMs / ref.lcpMs
        const ok = (options.maxLcpRatio === undefined || lcpRatio <= options.maxLcpRatio) && ours.tbtMs <= ref.tbtMs
        routes.push({ path, cpuSlowdown, ours: { median: ours, runs: measured.ours }, reference: { median: ref, runs: measured.reference }, lcpRatio, fcpRatio: ours.fcpMs / ref.fcpMs, ok })
      }
    }
  } finally {
    for (const site of Object.values(sites)) await site.stop()
  }
  const indexes = routes.flatMap((r) => [...r.ours.runs, ...r.reference.runs].map((x) => x.benchmarkIndex))
  const comparison: Comparison = {
    generatedAt: new Date().toISOString(),
    reference: { ref: options.ref, commit: reference.commit },
    runs: options.runs,
    benchmarkIndex: { median: median(indexes), min: Math.min(...indexes), max: Math.max(...indexes) },
    routes,
    ...(options.maxLcpRatio !== undefined && { maxLcpRatio: options.maxLcpRatio }),
    ok: options.maxLcpRatio === undefined || routes.every((r) => r.ok),
  }
  mkdirSync('quality', { recursive: true })
  writeFileSync('quality/compare.json', `${JSON.stringify(comparison, null, 2)}\n`)
  const table = renderComparison(comparison)
  writeFileSync('quality/compare.md', `${table.join('\n')}\n`)
  for (const line of table) log(line)
  return comparison
}

const ms = (v: number) => `${Math.round(v)}`
const times = (v: number) => `×${v.toFixed(2)}`
const kib = (v: number) => (v / 1024).toFixed(1)

export function renderComparison(c: Comparison): string[] {
  const lines = [
    `# Side by side with ${c.reference.ref} (${c.reference.commit.slice(0, 12)})`,
    '',
    `${c.generatedAt.slice(0, 16).replace('T', ' ')} UTC · Lighthouse mobile (simulated slow 4G), medians of ${c.runs} runs per route and side, alternating · benchmarkIndex median ${Math.round(c.benchmarkIndex.median)} (${Math.round(c.benchmarkIndex.min)}–${Math.round(c.benchmarkIndex.max)}) · ratio = ours ÷ reference${c.maxLcpRatio === undefined ? '' : ` · budget: LCP ratio ≤ ${c.maxLcpRatio}, TBT no higher`}`,
    '',
    '| CPU | Route | LCP ms ours / ref / ratio | FCP ms ours / ref / ratio | TBT ms ours / ref | Bytes KiB ours / ref | LCP element ours · ref | |',
    '|--:|---|---|---|---|---|---|:-:|',
  ]
  for (const r of c.routes) {
    const o = r.ours.median
    const f = r.reference.median
    lines.push(`| ×${r.cpuSlowdown} | ${r.path} | ${ms(o.lcpMs)} / ${ms(f.lcpMs)} / **${times(r.lcpRatio)}** | ${ms(o.fcpMs)} / ${ms(f.fcpMs)} / ${times(r.fcpRatio)} | ${ms(o.tbtMs)} / ${ms(f.tbtMs)} | ${kib(o.transferBytes)} / ${kib(f.transferBytes)} | \`${o.lcpElement}\` · \`${f.lcpElement}\` | ${r.ok ? '✓' : '✗'} |`)
  }
  for (const cpu of [...new Set(c.routes.map((r) => r.cpuSlowdown))]) {
    const at = c.routes.filter((r) => r.cpuSlowdown === cpu)
    lines.push('', `CPU ×${cpu}: LCP ratio median ${times(median(at.map((r) => r.lcpRatio)))}, worst ${times(Math.max(...at.map((r) => r.lcpRatio)))}; TBT ours ${ms(median(at.map((r) => r.ours.median.tbtMs)))} ms / reference ${ms(median(at.map((r) => r.reference.median.tbtMs)))} ms (medians over routes).`)
  }
  return lines
}
