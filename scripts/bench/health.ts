// `/readyz` latency (src/host/health.ts), in `npm run bench`'s main run on its server: one prober asking
// back to back, then 20 at once, each for a few seconds. Readiness is computed at most once a second (the
// database, PostgREST, the mail queue, the disk), so most answers are that second's; the p95 includes the
// computed ones. Budget: p95 under 100 ms, every answer 200.
import { percentile } from './percentile.ts'

const MAX_P95_MS = 100

export async function benchReadiness(url: string, seconds: number): Promise<{ lines: string[]; ok: boolean }> {
  const lines: string[] = []
  let ok = true
  for (const probers of [1, 20]) {
    const samples: number[] = []
    let failures = 0
    const until = performance.now() + seconds * 1000
    await Promise.all(
      Array.from({ length: probers }, async () => {
        while (performance.now() < until) {
          const start = performance.now()
          const res = await fetch(`${url}/readyz`).catch(() => null)
          if (res?.status !== 200) failures++
          await res?.arrayBuffer()
          samples.push(performance.now() - start)
        }
      }),
    )
    const p95 = percentile(samples, 95)
    const passed = p95 < MAX_P95_MS && failures === 0
    ok &&= passed
    lines.push(
      `/readyz, ${probers} prober${probers > 1 ? 's' : ''}, ${seconds} s: ${samples.length} requests`,
      `  ${passed ? 'ok  ' : 'MISS'} p50 ${percentile(samples, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, ${failures} not 200 (budget p95 < ${MAX_P95_MS} ms)`,
    )
  }
  return { lines, ok }
}
