import AxeBuilder from '@axe-core/playwright'
import { expect, type Browser, type Page } from '@playwright/test'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { workerDataDir } from '../fixtures'
import { DEMO_STAFF_FILE, parseDemoStaffFile } from '#src/host/demoStaff.ts'

/** The account `npm start` creates on a fresh data folder (src/host/demoStaff.ts). `npm run staff` refuses a
 * folder that a running server holds, so the suite signs in with this one instead of making its own. Its
 * password is random: read from the file the server keeps in its data folder, once the server runs. */
export const demoStaff = {
  email: process.env.DEMO_STAFF_EMAIL ?? 'admin@example.com',
  get password(): string {
    return process.env.DEMO_STAFF_PASSWORD ?? parseDemoStaffFile(readFileSync(join(workerDataDir(), DEMO_STAFF_FILE), 'utf8')).password
  },
}

/** Unique per run, so the suite also passes against a reused server with older data. */
export const runId = Date.now().toString(36)

export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Contraseña').fill(password)
  await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last().click()
}

/**
 * A page signed in as the demo staff member, in a context of its own. The serial specs share one for their
 * whole walk: sign-ins are rate-limited per address (30 per 5 minutes).
 */
export async function signedInStaffPage(browser: Browser): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await signIn(page, demoStaff.email, demoStaff.password)
  // The first visit loads and runs the whole admin bundle: generous, for a loaded CI machine.
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 })
  return page
}

/**
 * How long a functional test waits for a saved change to be served: it must arrive with no restart or
 * rebuild, and how fast it arrives is measured by `npm run bench` (scripts/bench/publishing.ts: p95 ≤ 2 s),
 * not judged here on a machine whose speed a functional test cannot know.
 */
export const LIVE = { timeout: 15_000, intervals: [100, 250, 500] }

/** A public URL as a visitor's browser gets it: the public site reads no session (it sits in localStorage). */
export async function fetchPublic(page: Page, path: string): Promise<{ status: number; body: string }> {
  const response = await page.request.get(path, { maxRedirects: 0 })
  return { status: response.status(), body: await response.text() }
}

/**
 * How an account comes to be now that there is no sign-up (decision 0088): `page` opens the invitation's
 * mailed link, chooses `password` and arrives at /admin.
 */
export async function acceptInvitation(page: Page, link: string, password: string): Promise<void> {
  await page.goto(link)
  await expect(page.getByRole('heading', { name: 'Bienvenido al equipo' })).toBeVisible({ timeout: 20_000 })
  await page.getByLabel('Nueva contraseña').fill(password)
  await page.getByLabel('Repite la contraseña').fill(password)
  await page.getByRole('button', { name: 'Guardar y entrar' }).click()
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 })
}

/** The one visible notice (src/lib/toast.ts shows at most one), unless markToastsSeen() has marked it. */
export async function expectToast(page: Page, title: string, description?: string | RegExp): Promise<void> {
  const region = page.getByRole('region', { name: /Notifica/ })
  const toast = region
    .getByRole('listitem')
    .and(page.locator(':not([data-test-seen])'))
    .filter({ has: page.getByText(title, { exact: true }) })
    .last()
  await expect(toast).toBeVisible()
  if (description !== undefined) await expect(toast).toContainText(description)
}

/**
 * Marks the notices on screen as seen, so the next expectToast() waits for a notice shown after this (two saves
 * in a row both say «Guardado», and each notice stays 5 s). It closes nothing, so a spec spends no time on
 * closing; closing by hand is notices.spec's to test.
 */
export async function markToastsSeen(page: Page): Promise<void> {
  await page
    .getByRole('region', { name: /Notifica/ })
    .getByRole('listitem')
    .evaluateAll((items) => items.forEach((item) => item.setAttribute('data-test-seen', '')))
}

export async function openTab(page: Page, name: string): Promise<void> {
  await page.getByRole('tab', { name, exact: true }).click()
  await expect(page.getByRole('tab', { name, exact: true })).toHaveAttribute('aria-selected', 'true')
}

/** Answers the in-app confirmation dialog. */
export async function confirm(page: Page, question: string, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog', { name: question })
  await expect(dialog).toBeVisible()
  await dialog.getByRole('button', { name: button }).click()
  await expect(dialog).toBeHidden()
}

export async function chooseOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

/**
 * Calls the REST API from the page with the signed-in user's own token, as supabase-js would: how the
 * tests read what the UI should show, and check what the server refuses.
 */
export async function rest(page: Page, method: string, path: string, body?: unknown, prefer?: string) {
  return page.evaluate(
    async ({ method, path, body, prefer }) => {
      const { anonKey } = (await (await fetch('/backend.json')).json()) as { anonKey: string }
      const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))
      const token = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined
      const headers: Record<string, string> = { apikey: anonKey, authorization: `Bearer ${token ?? anonKey}`, 'content-type': 'application/json' }
      if (prefer) headers.prefer = prefer
      const res = await fetch(`/rest/v1/${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) })
      const text = await res.text()
      return { status: res.status, body: text ? (JSON.parse(text) as unknown) : null, range: res.headers.get('content-range') }
    },
    { method, path, body, prefer },
  )
}

export async function restCount(page: Page, table: string, filter = ''): Promise<number> {
  const res = await rest(page, 'HEAD', `${table}?select=*${filter}`, undefined, 'count=exact')
  return Number(res.range?.split('/')[1])
}

/** No serious or critical WCAG 2.x A/AA violation on what is on screen now, toasts included. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  // A notice fades in while the one it replaces fades out: measured mid-fade, its text's contrast is that
  // of a half-transparent box. Wait until every finite animation and transition has ended (spinners loop).
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  )
  // axe cannot run inside a frame whose scripts are off (edit mode's page, decision 0101): each rule ends on a
  // timer, which such a frame never fires, and the whole analysis waits for ever. Such a frame is left out: the
  // specs find it by its title, and what it shows is the public page, which the public specs check.
  const { violations } = await new AxeBuilder({ page })
    .exclude('iframe[sandbox]:not([sandbox~="allow-scripts"])')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = serious.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`)
  expect(report, `axe on ${screen}`).toEqual([])
}

/** The screen at both widths, for a person to look at (.tmp/screens/<name>-<width>.png). */
export async function photograph(page: Page, name: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 })
    await page.screenshot({ path: `.tmp/screens/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 720 })
}
