// A person's erasure (docs/decisions/0096-data-subject-requests.md), on `npm start` as its own process: the time
// an admin waits for «Borrar todos sus datos» on a person with 100 leads, each with its staff notification in the
// mail queue and its lead.created delivery to a (paused) webhook endpoint, among 5,000 other people's leads and
// e-mails. public.erase_data_subject through supabase-js, one person after another; beside it, in the same run,
// the person's view (public.data_subject) and two references: the same erasure of a person whose address holds a
// «/» (valid, and never an index key: public.mail_naming reads the whole queue for it, as every erasure did before
// migration 20261128150000), and one lead deleted through the API, as staff did before, lead by lead. Budgets:
// the erasure p95 ≤ 2 s and the view p95 ≤ 1 s (the screen waits for each).
import { createClient } from '@supabase/supabase-js'
import { randomUUID } from 'node:crypto'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { cpus, loadavg } from 'node:os'
import { join } from 'node:path'
import ws from 'ws'
import type { Database } from '../../src/lib/database.types.ts'
import { percentile } from './percentile.ts'
import { signInStaff, startBenchServer } from './server.ts'

const LEADS_PER_PERSON = 100
const PEOPLE = Number(process.env.BENCH_ERASURE_PEOPLE ?? 10)
/** People erased through the whole-queue scan, the reference. */
const SCANNED_PEOPLE = 3
const OTHERS = 5000
const BUDGET = { eraseP95Ms: 2000, viewP95Ms: 1000 }
const staff = { email: 'bench-erasure@example.com', password: 'bench-erasure-password-123' }
const verdict = (ok: boolean) => (ok ? 'ok  ' : 'MISS')

const leadOf = (email: string, n: number) => ({
  id: randomUUID(),
  name: `Persona ${n}`,
  email,
  company: 'Empresa S.L.',
  phone: '600 000 000',
  message: `Consulta número ${n}: quiero una web nueva para mi negocio.`,
  page_path: '/contacto',
  notes: n % 3 === 0 ? 'Llamar el lunes' : '',
})
const notificationOf = (lead: ReturnType<typeof leadOf>) => ({
  message: {
    to: 'ventas@example.com',
    replyTo: lead.email,
    subject: `Nuevo contacto: ${lead.name} (Consulta general)`,
    text: `Nombre: ${lead.name}\nEmail: ${lead.email}\n\n> ${lead.message}\n\nVer en el panel: http://localhost/admin?lead=${lead.id}`,
  },
  sent_at: new Date().toISOString(),
})

export async function benchErasure(root: string): Promise<{ lines: string[]; ok: boolean }> {
  const dataDir = await mkdtemp(join(root, '.tmp', 'bench-erasure-'))
  const server = await startBenchServer(root, dataDir, staff)
  const lines = [`erasure of a person with ${LEADS_PER_PERSON} leads (${cpus().length} cores, load ${loadavg()[0]!.toFixed(1)} at start)`]
  let ok = true
  const check = (passed: boolean, line: string) => {
    ok &&= passed
    lines.push(`  ${verdict(passed)} ${line}`)
  }
  try {
    const { url } = server
    const { serviceRoleKey } = JSON.parse(await readFile(join(dataDir, 'keys.json'), 'utf8')) as { serviceRoleKey: string }
    const service = createClient<Database>(url, serviceRoleKey, {
      auth: { persistSession: false },
      realtime: { transport: ws as unknown as typeof WebSocket },
    })
    const { client: admin } = await signInStaff(url, staff)
    const insert = async (table: 'leads' | 'mail_queue', rows: object[]) => {
      for (let i = 0; i < rows.length; i += 500) {
        const { error } = await service.from(table).insert(rows.slice(i, i + 500) as never)
        if (error) throw new Error(`${table}: ${error.message}`)
      }
    }
    const endpoint = await service.from('webhook_endpoints').insert({
      name: 'CRM',
      url: 'https://crm.example.com/hooks',
      events: ['lead.created', 'lead.deleted'],
      secret: `whsec_${Buffer.alloc(32, 7).toString('base64')}`,
      state: 'paused',
    })
    if (endpoint.error) throw new Error(endpoint.error.message)

    const others = Array.from({ length: OTHERS }, (_, n) => leadOf(`otra.${n}@example.com`, n))
    await insert('leads', others)
    await insert('mail_queue', others.map(notificationOf))
    const people = Array.from({ length: PEOPLE }, (_, p) => `persona.${p}@example.com`)
    const scanned = Array.from({ length: SCANNED_PEOPLE }, (_, p) => `persona/${p}@example.com`)
    for (const email of [...people, ...scanned]) {
      const leads = Array.from({ length: LEADS_PER_PERSON }, (_, n) => leadOf(email, n))
      await insert('leads', leads)
      await insert('mail_queue', leads.map(notificationOf))
    }

    const timed = async (call: () => PromiseLike<{ error: { message: string } | null }>): Promise<number> => {
      const start = performance.now()
      const { error } = await call()
      if (error) throw new Error(error.message)
      return performance.now() - start
    }
    // Warm-up: the WebAssembly database compiles its hot paths on first use.
    await timed(() => admin.rpc('data_subject', { address: 'nadie@example.com' }))

    /** Erases each person, timing the view before and the erasure; checks that everything of theirs went. */
    const erase = async (emails: string[], views: number[], erasures: number[]) => {
      for (const email of emails) {
        views.push(await timed(() => admin.rpc('data_subject', { address: email })))
        const start = performance.now()
        const { data, error } = await admin.rpc('erase_data_subject', { address: email })
        if (error) throw new Error(error.message)
        erasures.push(performance.now() - start)
        const counts = data as Record<string, number>
        if (counts.leads !== LEADS_PER_PERSON || counts.mail !== LEADS_PER_PERSON || counts.webhook_deliveries !== LEADS_PER_PERSON)
          throw new Error(`erased ${JSON.stringify(counts)}, expected ${LEADS_PER_PERSON} of each`)
      }
    }
    const views: number[] = []
    const erasures: number[] = []
    const scannedViews: number[] = []
    const scannedErasures: number[] = []
    // Interleaved, so that a change of the machine's load touches both alike.
    const perScanned = Math.ceil(PEOPLE / SCANNED_PEOPLE)
    for (let i = 0; i < PEOPLE; i += perScanned) {
      await erase(people.slice(i, i + perScanned), views, erasures)
      await erase(scanned.slice(i / perScanned, i / perScanned + 1), scannedViews, scannedErasures)
    }
    // The reference: one lead deleted through the API, as the Contactos tab's «Eliminar contacto» does.
    const singles: number[] = []
    for (const lead of others.slice(0, 50)) singles.push(await timed(() => admin.from('leads').delete().eq('id', lead.id)))

    const single = percentile(singles, 50)
    const eraseP50 = percentile(erasures, 50)
    const eraseP95 = percentile(erasures, 95)
    const viewP95 = percentile(views, 95)
    const scannedP50 = percentile(scannedErasures, 50)
    lines.push(
      `  reference: the same erasure through the whole-queue scan (an address with «/»; ${SCANNED_PEOPLE} people): p50 ${scannedP50.toFixed(0)} ms, the view p50 ${percentile(scannedViews, 50).toFixed(0)} ms; the indexed erasure is ${(scannedP50 / eraseP50).toFixed(1)}× faster`,
    )
    lines.push(
      `  reference: one lead deleted through the API, p50 ${single.toFixed(0)} ms; ${LEADS_PER_PERSON} of them one by one ≈ ${(single * LEADS_PER_PERSON).toFixed(0)} ms`,
    )
    check(
      eraseP95 <= BUDGET.eraseP95Ms,
      `erasure (${LEADS_PER_PERSON} leads, ${LEADS_PER_PERSON} e-mails, ${LEADS_PER_PERSON} deliveries; ${PEOPLE} people): p50 ${eraseP50.toFixed(0)} ms, p95 ${eraseP95.toFixed(0)} ms (budget ≤ ${BUDGET.eraseP95Ms}); ${(eraseP50 / single).toFixed(1)}× one lead's delete, ${((single * LEADS_PER_PERSON) / eraseP50).toFixed(1)}× faster than one by one`,
    )
    check(
      viewP95 <= BUDGET.viewP95Ms,
      `the person's view before it: p50 ${percentile(views, 50).toFixed(0)} ms, p95 ${viewP95.toFixed(0)} ms (budget ≤ ${BUDGET.viewP95Ms})`,
    )
    lines.push(`  load ${loadavg()[0]!.toFixed(1)} at the end`)
  } finally {
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    await rm(dataDir, { recursive: true, force: true })
  }
  return { lines, ok }
}
