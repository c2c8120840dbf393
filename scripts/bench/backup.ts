// Backups on a year of data (docs/decisions/0097-online-backups-restored.md), on `npm start` as its own process
// (`npm run bench -- --backup`):
// - the data: a year of leads (BENCH_BACKUP_LEADS, 5,000: about 14 a day) and 500 uploaded photos
//   (BENCH_BACKUP_IMAGES, noisy JPEGs of about 100 KB);
// - a cached page's p95 at 10 connections alone, then while `npm run backup`'s request runs (the same load,
//   for the backup's duration). Budget: p95 during the backup ≤ 3× alone (the session is held for the
//   dump only; the checksums and compression run beside the pages);
// - the backup's duration (asked through the server's socket, as `npm run backup` does) and the restore's
//   (`restoreBackup`, as `npm run restore` does: unpack, every checksum, the database loaded and counted).
//   Budgets: 60 s each on the 2-core machine.
// Measured 2026-11-28 on the shared 2-core machine at load 12-13 (other helpers' builds and tests running):
// the page's p95 406 ms during the backup against 311 ms alone (×1.31); the backup 21.8 s for 30.1 MB; the
// restore, checked, 25.4 s.
import { createClient } from '@supabase/supabase-js'
import { createConnection } from 'node:net'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import pLimit from 'p-limit'
import sharp from 'sharp'
import ws from 'ws'
import type { Database } from '../../src/lib/database.types.ts'
import { restoreBackup } from '../../src/host/backups/restore.ts'
import { percentile } from './percentile.ts'
import { startBenchServer } from './server.ts'

const LEADS = Number(process.env.BENCH_BACKUP_LEADS ?? 5000)
const IMAGES = Number(process.env.BENCH_BACKUP_IMAGES ?? 500)
const BUDGET = { p95Ratio: 3, backupSeconds: 60, restoreSeconds: 60 }
const staff = { email: 'bench-backup@example.com', password: 'bench-backup-password-123' }
const verdict = (ok: boolean) => (ok ? 'ok  ' : 'MISS')

/** Requests `page` from `connections` clients until `until` resolves; each answer's latency in ms. */
async function load(page: string, connections: number, until: Promise<unknown>): Promise<number[]> {
  const latencies: number[] = []
  let done = false
  void until.finally(() => (done = true))
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (!done) {
        const start = performance.now()
        const res = await fetch(page)
        await res.arrayBuffer()
        if (res.status !== 200) throw new Error(`${page} answered ${res.status}`)
        latencies.push(performance.now() - start)
      }
    }),
  )
  return latencies
}

/** The running server's backup through its socket (what `npm run backup` does); the file and its size. */
function askBackup(dataDir: string): Promise<{ file: string; size: number }> {
  return new Promise((resolve, reject) => {
    let answer = ''
    const socket = createConnection(join(dataDir, 'backup.sock'))
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()))
    socket.on('error', reject)
    socket.on('end', () => {
      const reply = JSON.parse(answer) as { ok: boolean; file: string; size: number; error?: string }
      if (reply.ok) resolve(reply)
      else reject(new Error(reply.error))
    })
  })
}

export async function benchBackup(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-backup-'))
  const server = await startBenchServer(root, dataDir, staff, { BACKUP_INTERVAL_MS: '0', BACKUP_DIR: `${dataDir}-backups` })
  const lines: string[] = []
  let ok = true
  try {
    const { serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
    const service = createClient<Database>(server.url, serviceRoleKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    })
    const seeding = performance.now()
    const yearAgo = Date.now() - 365 * 86_400_000
    for (let first = 0; first < LEADS; first += 500) {
      const rows = Array.from({ length: Math.min(500, LEADS - first) }, (_, i) => ({
        name: `Cliente ${first + i}`,
        email: `cliente${first + i}@example.com`,
        company: 'Empresa de prueba S.L.',
        message: `Hola, queremos una tienda online y un agente de IA para atender a nuestros clientes. Mensaje ${first + i}. `.repeat(4),
        page_path: '/contacto',
        created_at: new Date(yearAgo + ((first + i) / LEADS) * 365 * 86_400_000).toISOString(),
        status: 'contactado',
      }))
      const { error } = await service.from('leads').insert(rows)
      if (error) throw new Error(`leads: ${error.message}`)
    }
    const limit = pLimit(4)
    await Promise.all(
      Array.from({ length: IMAGES }, (_, i) =>
        limit(async () => {
          const pixels = Buffer.alloc(320 * 240 * 3)
          for (let p = 0; p < pixels.length; p++) pixels[p] = (p * 7919 + i * 104729 + ((p / 960) | 0) * 31) % 251
          const jpeg = await sharp(pixels, { raw: { width: 320, height: 240, channels: 3 } })
            .jpeg({ quality: 92 })
            .toBuffer()
          const { error } = await service.storage.from('media').upload(`anio/foto-${i}.jpg`, jpeg, { contentType: 'image/jpeg' })
          if (error) throw new Error(`upload ${i}: ${error.message}`)
        }),
      ),
    )
    lines.push(`backup: seeded ${LEADS} leads and ${IMAGES} photos in ${((performance.now() - seeding) / 1000).toFixed(0)} s`)

    const page = `${server.url}/shopify`
    if ((await fetch(page)).status !== 200) throw new Error(`${page} does not answer 200: run \`npx vike build\` first`)
    const alone = await load(page, 10, new Promise((resolve) => setTimeout(resolve, 10_000)))
    const started = performance.now()
    const backup = askBackup(dataDir)
    const during = await load(page, 10, backup)
    const { file, size } = await backup
    const backupSeconds = (performance.now() - started) / 1000
    const [p95Alone, p95During] = [percentile(alone, 95), percentile(during, 95)]
    const ratio = p95During / p95Alone
    const loadAfterBackup = loadavg()[0]!.toFixed(1)

    const target = join(`${dataDir}-restored`)
    const restoring = performance.now()
    await restoreBackup(file, target)
    const restoreSeconds = (performance.now() - restoring) / 1000

    const checks = [
      {
        ok: ratio <= BUDGET.p95Ratio,
        line: `cached /shopify p95 during the backup ${p95During.toFixed(1)} ms vs ${p95Alone.toFixed(1)} ms alone (×${ratio.toFixed(2)}, budget ≤ ×${BUDGET.p95Ratio}; ${during.length} requests during, ${alone.length} alone)`,
      },
      {
        ok: backupSeconds <= BUDGET.backupSeconds,
        line: `backup ${backupSeconds.toFixed(1)} s for ${(size / 1e6).toFixed(1)} MB (budget ≤ ${BUDGET.backupSeconds} s)`,
      },
      { ok: restoreSeconds <= BUDGET.restoreSeconds, line: `restore, checked, ${restoreSeconds.toFixed(1)} s (budget ≤ ${BUDGET.restoreSeconds} s)` },
    ]
    for (const check of checks) {
      lines.push(`${verdict(check.ok)} ${check.line}`)
      ok &&= check.ok
    }
    lines.push(`load average ${loadAfterBackup} after the backup, ${loadavg()[0]!.toFixed(1)} at the end (${cpus().length} cores)`)
    await rm(target, { recursive: true, force: true })
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
    await rm(`${dataDir}-backups`, { recursive: true, force: true })
  }
  return { lines, ok }
}
