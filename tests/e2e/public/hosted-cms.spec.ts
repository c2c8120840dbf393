import { expect, test } from '../fixtures'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '#src/lib/database.types.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import ws from 'ws'
import { demoStaff, runId } from '../admin/helpers'
import { copyOfTemplate } from '../../support/migrated-template.ts'

// The hosted-Supabase path of live publishing (docs/decisions/0020-live-publishing.md): servers whose CMS is
// another backend (here the suite's own server stands in for the hosted project) learn of a change from the
// database's revision, by polling it or at once through the secret-protected webhook endpoint, and a build
// against that backend writes the published content into its output. Several such servers are the load
// balancer's case: each follows the database on its own.
test.describe.configure({ mode: 'serial', timeout: 120_000 })

let backend: string
let anonKey: string
let staff: SupabaseClient<Database>
const children: ChildProcess[] = []
const folders: string[] = []
const secret = `secreto-${runId}`

test.beforeAll(async ({ baseURL }) => {
  backend = baseURL!
  anonKey = ((await (await fetch(`${backend}/backend.json`)).json()) as { anonKey: string }).anonKey
  staff = createClient<Database>(backend, anonKey, { auth: { persistSession: false }, realtime: { transport: ws as unknown as typeof WebSocket } })
  const { error } = await staff.auth.signInWithPassword({ email: demoStaff.email, password: demoStaff.password })
  expect(error).toBeNull()
})

test.afterAll(() => {
  for (const child of children) child.kill('SIGTERM')
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

function tempFolder(name: string): string {
  const folder = mkdtempSync(join(tmpdir(), `${name}-`))
  folders.push(folder)
  return folder
}

/**
 * `npm start` on its own data folder, reading the public pages' CMS from the suite's server. The folder is a
 * copy of the migrated template: two servers migrating new folders at once took over a minute on a loaded
 * machine (decision 0051).
 */
async function startSiteServer(port: number, env: Record<string, string>): Promise<string> {
  const dataDir = await copyOfTemplate(join(tempFolder('site'), 'data'))
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/host/start.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      SKIP_BUILD: '1',
      SUPABASE_URL: backend,
      SUPABASE_ANON_KEY: anonKey,
      ...env,
    },
    stdio: 'ignore',
  })
  children.push(child)
  const url = `http://localhost:${port}`
  await expect.poll(async () => (await fetch(`${url}/`).catch(() => null))?.status, { timeout: 60_000 }).toBe(200)
  return url
}

async function publishPost(title: string, slug: string): Promise<string> {
  const { data, error } = await staff
    .from('blog_posts')
    .insert({ title, slug, content: `## ${title}\n\nTexto.`, published: true })
    .select('id')
    .single()
  expect(error).toBeNull()
  return (data as { id: string }).id
}

const blogHtml = async (url: string) => (await fetch(`${url}/blog`)).text()

test('a server polling the revision shows a post published elsewhere, and one told by the webhook at once', async () => {
  const [polling, hooked] = await Promise.all([
    startSiteServer(4191, { CMS_REVISION_MAX_AGE_MS: '500' }),
    startSiteServer(4192, { CMS_REVISION_MAX_AGE_MS: '600000', REVALIDATE_SECRET: secret }),
  ])
  // Both render /blog now, at the current revision.
  const title = `Publicada fuera ${runId}`
  expect(await blogHtml(polling)).not.toContain(title)
  expect(await blogHtml(hooked)).not.toContain(title)

  const id = await publishPost(title, `publicada-fuera-${runId}`)
  await expect.poll(() => blogHtml(polling), { timeout: 15_000 }).toContain(title)

  // The second server reads the revision at most every 10 minutes: without the webhook it still shows its page.
  expect(await blogHtml(hooked)).not.toContain(title)
  const wrong = await fetch(`${hooked}/api/revalidate`, { method: 'POST', headers: { Authorization: 'Bearer otro' } })
  expect(wrong.status).toBe(401)
  expect(await blogHtml(hooked)).not.toContain(title)
  const told = await fetch(`${hooked}/api/revalidate`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` }, body: '{"type":"UPDATE"}' })
  expect(told.status).toBe(202)
  expect(await blogHtml(hooked)).toContain(title)

  // Unpublishing reaches both the same ways.
  expect((await staff.from('blog_posts').update({ published: false }).eq('id', id)).error).toBeNull()
  await expect.poll(async () => (await fetch(`${polling}/blog/publicada-fuera-${runId}`)).status, { timeout: 15_000 }).toBe(404)
  await fetch(`${hooked}/api/revalidate`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` } })
  expect(await blogHtml(hooked)).not.toContain(title)
  await staff.from('blog_posts').delete().eq('id', id)
})

test('without a configured secret the webhook endpoint does not exist', async () => {
  expect((await fetch(`${backend}/api/revalidate`, { method: 'POST', headers: { Authorization: `Bearer ${secret}` } })).status).toBe(404)
})

/** A build's own output folder: inside the project, where Vite and Vike expect it. */
function buildFolder(name: string): string {
  const folder = join('.tmp', 'builds', `${name}-${runId}`)
  folders.push(folder)
  return folder
}

/**
 * `npx vike build` with `env`, awaited without blocking this worker. The worker reads the suite server's stdout
 * and stderr (tests/e2e/fixtures.ts), and Node writes to a pipe synchronously on Linux: a server whose pipe is
 * full stops at its next log line. With spawnSync the worker read nothing for the whole build, so a build whose
 * CMS reads made the server log more than a pipe holds (64 KB: a request line per read, more on a server that
 * earlier specs had filled) waited for a server that waited for the worker, until Vike's 2-minute hook timeout.
 */
function build(env: Record<string, string>): Promise<{ status: number | null; output: string }> {
  const child = spawn('npx', ['vike', 'build'], { env: { ...process.env, ...env } })
  let output = ''
  for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk: Buffer) => (output += chunk.toString()))
  return new Promise((resolve, reject) => {
    child.once('error', reject)
    child.once('close', (status) => resolve({ status, output }))
  })
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
}

test('a build against the backend writes what is published into its output, and no draft', async () => {
  const title = `Compilada ${runId}`
  const slug = `compilada-${runId}`
  const draft = `Borrador compilado ${runId}`
  const id = await publishPost(title, slug)
  const { data: draftRow } = await staff
    .from('blog_posts')
    .insert({ title: draft, slug: `borrador-compilado-${runId}`, content: draft, published: false })
    .select('id')
    .single()
  const out = buildFolder('hosted')
  const built = await build({ BUILD_OUT_DIR: out, SUPABASE_URL: backend, SUPABASE_ANON_KEY: anonKey })
  await staff
    .from('blog_posts')
    .delete()
    .in('id', [id, (draftRow as { id: string }).id])
  expect(built.status, built.output).toBe(0)

  const post = join(out, 'client', 'blog', slug, 'index.html')
  expect(existsSync(post)).toBe(true)
  expect(readFileSync(post, 'utf8')).toContain(`<h1`)
  expect(readFileSync(join(out, 'client', 'blog', 'index.html'), 'utf8')).toContain(title)
  expect(readFileSync(join(out, 'client', 'blog', 'rss.xml'), 'utf8')).toContain(`/blog/${slug}</link>`)
  expect(readFileSync(join(out, 'client', 'sitemap.xml'), 'utf8')).toContain(`/blog/${slug}</loc>`)
  const leaks = filesUnder(out).filter((file) => readFileSync(file, 'utf8').includes(draft))
  expect(leaks).toEqual([])
})

test('a build whose backend cannot be reached stops with one message naming its URL', async () => {
  const built = await build({ BUILD_OUT_DIR: buildFolder('unreachable'), SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: anonKey })
  expect(built.status).not.toBe(0)
  expect(built.output).toContain('No se puede leer el CMS en http://127.0.0.1:9')
})

// The live preview and «Editar en la página» (decisions 0100 and 0101) on a deployment in front of a hosted
// project: the site built with VITE_SUPABASE_* (so the admin signs in to the project, docs/backend.md) and
// `npm start` reading the CMS from it. The preview is rendered by this server with the staff member's token
// of the project; the in-place save goes from the admin to the project.
test('against a hosted project, staff preview an unsaved draft and save an edit made on the page; anonymous callers get nothing', async ({
  browser,
}) => {
  test.setTimeout(600_000)
  const out = buildFolder('hosted-admin')
  const hostedEnv = { SUPABASE_URL: backend, SUPABASE_ANON_KEY: anonKey, VITE_SUPABASE_URL: backend, VITE_SUPABASE_ANON_KEY: anonKey }
  const built = await build({ BUILD_OUT_DIR: out, ...hostedEnv })
  expect(built.status, built.output).toBe(0)
  const site = await startSiteServer(4193, { ...hostedEnv, BUILD_OUT_DIR: out, CMS_REVISION_MAX_AGE_MS: '500' })

  const page = await (await browser.newContext({ baseURL: site, viewport: { width: 1440, height: 900 } })).newPage()
  await page.goto('/auth')
  await page.getByLabel('Email').fill(demoStaff.email)
  await page.getByLabel('Contraseña').fill(demoStaff.password)
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last().click()
  await expect(page).toHaveURL(/\/admin$/, { timeout: 30_000 })

  // The preview of a post never saved.
  const title = `Vista previa alojada ${runId}`
  const secret = `Párrafo sin guardar ${runId}`
  await page.getByRole('tab', { name: 'Blog', exact: true }).click()
  await page.getByRole('button', { name: 'Nueva Entrada' }).click()
  await page.getByLabel('Título').fill(title)
  await page.getByRole('textbox', { name: 'Contenido', exact: true }).fill(`## Sección\n\n${secret}`)
  const frame = page.frameLocator('iframe[title="Vista previa de la página sin guardar"]')
  await expect(frame.locator('h1')).toHaveText(title, { timeout: 60_000 })
  await expect(frame.locator('body')).toContainText(secret)
  const { count } = await staff.from('blog_posts').select('id', { count: 'exact', head: true }).eq('title', title)
  expect(count).toBe(0)

  // Asked without the session, or with the project's anon key, the same server renders nothing of it.
  const draft = JSON.stringify({ kind: 'post', title, slug: '', excerpt: '', content: secret, featuredImage: '', tagIds: [] })
  for (const authorization of [undefined, `Bearer ${anonKey}`]) {
    const response = await fetch(`${site}/vista-previa/en-vivo`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
      body: draft,
    })
    expect(response.status).toBe(404)
    const html = await response.text()
    expect(html).not.toContain(title)
    expect(html).not.toContain(secret)
  }
  await page.getByRole('button', { name: 'Cancelar' }).click()
  await page.getByRole('button', { name: /Descartar|Salir sin guardar|Sí/ }).click()

  // A draft post's title edited on its page: saved in the project, with its revision.
  const draftTitle = `Borrador alojado ${runId}`
  const { data: row, error } = await staff
    .from('blog_posts')
    .insert({ title: draftTitle, slug: `borrador-alojado-${runId}`, content: 'Texto.' })
    .select('id')
    .single()
  expect(error).toBeNull()
  const id = (row as { id: string }).id
  try {
    await page.getByRole('tab', { name: 'Páginas', exact: true }).click()
    await page.getByRole('tab', { name: 'Blog', exact: true }).click()
    await page.getByRole('button', { name: `Editar en la página «${draftTitle}»` }).click()
    const editMode = page.getByRole('dialog', { name: `Editar en la página: ${draftTitle}` })
    const place = page.frameLocator(`iframe[title="${draftTitle} en modo edición"]`).locator('[data-place="entrada/titulo"]')
    await expect(place).toHaveAttribute('contenteditable', 'plaintext-only', { timeout: 30_000 })
    await place.click()
    await page.keyboard.press('ControlOrMeta+A')
    await page.keyboard.type(`Editado en la página ${runId}`)
    await editMode.getByRole('button', { name: 'Guardar' }).click()
    await expect(editMode.getByRole('status').filter({ hasText: 'Sin cambios' })).toBeVisible()
    expect((await staff.from('blog_posts').select('title').eq('id', id).single()).data).toEqual({ title: `Editado en la página ${runId}` })
    const revisions = await staff.from('content_revisions').select('id').eq('table_name', 'blog_posts').eq('record_id', id)
    expect(revisions.data).toHaveLength(2)
  } finally {
    await staff.from('blog_posts').delete().eq('id', id)
    await page.context().close()
  }
})
