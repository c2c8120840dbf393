/**
 * axe on the CMS screens: /auth (both tabs) and every /admin tab, signed in as the demo staff account
 * the product server prints on a fresh data folder (or QUALITY_ADMIN_EMAIL / QUALITY_ADMIN_PASSWORD).
 * The admin is optional for the report: when a piece is missing the scan is skipped with the reason.
 */
import type { Browser, Page } from 'playwright-core'
import { scanAxe, type AxeViolation } from './axe'
import { desktop } from './pageLoad'

export interface AdminScan {
  screen: string
  violations: AxeViolation[]
}

/** `skipped` says what could not be scanned and why; the scans done before that are kept. */
export interface AdminResult { scans: AdminScan[]; skipped?: string }

interface Credentials { email: string; password: string }

/** Finds "email ... password" in what the server printed, labelled in Spanish or English. */
export function demoCredentials(serverOutput: string): Credentials | undefined {
  const { QUALITY_ADMIN_EMAIL: email, QUALITY_ADMIN_PASSWORD: password } = process.env
  if (email && password) return { email, password }
  const foundEmail = /[\w.+-]+@[\w-]+(?:\.[\w-]+)+/.exec(serverOutput)?.[0]
  const foundPassword = /(?:contraseña|password|clave)\s*[:=]\s*(\S+)/i.exec(serverOutput)?.[1]
  return foundEmail && foundPassword ? { email: foundEmail, password: foundPassword } : undefined
}

async function tabNames(page: Page): Promise<string[]> {
  return (await page.getByRole('tab').allTextContents()).map((t) => t.trim()).filter(Boolean)
}

async function scanTabs(page: Page, screen: string, scans: AdminScan[]): Promise<void> {
  for (const name of await tabNames(page)) {
    await page.getByRole('tab', { name, exact: true }).click()
    await page.waitForLoadState('networkidle')
    await page.waitForTimeout(300)
    scans.push({ screen: `${screen} · ${name}`, violations: await scanAxe(page, `${screen} · ${name}`) })
  }
}

export async function scanAdmin(browser: Browser, origin: string, serverOutput: string): Promise<AdminResult> {
  const context = await browser.newContext(desktop)
  const page = await context.newPage()
  const scans: AdminScan[] = []
  try {
    const auth = await page.goto(`${origin}/auth`, { waitUntil: 'networkidle' })
    if (!auth?.ok()) return { scans, skipped: `/auth answers ${auth?.status()}: no panel yet` }
    const password = page.getByLabel(/contraseña/i).first()
    if (!(await password.isVisible({ timeout: 5_000 }).catch(() => false))) return { scans, skipped: '/auth no muestra el formulario de acceso' }
    await scanTabs(page, '/auth', scans)
    if (scans.length === 0) scans.push({ screen: '/auth', violations: await scanAxe(page, '/auth') })

    const credentials = demoCredentials(serverOutput)
    if (!credentials) return { scans, skipped: '/admin: the server printed no demo account (or set QUALITY_ADMIN_EMAIL and QUALITY_ADMIN_PASSWORD)' }
    await page.getByRole('tab', { name: /iniciar sesi[oó]n/i }).first().click().catch(() => undefined)
    await page.getByLabel(/email/i).first().fill(credentials.email)
    await page.getByLabel(/contraseña/i).first().fill(credentials.password)
    await page.getByRole('button', { name: /iniciar sesi[oó]n/i }).click()
    await page.waitForURL(/\/admin/, { timeout: 15_000 })
    await page.getByText(/Panel de Administración CMS/i).waitFor({ timeout: 15_000 })
    // The tabs appear once the session and the staff check have loaded.
    await page.getByRole('tab').first().waitFor({ timeout: 15_000 })
    await page.waitForLoadState('networkidle')
    const before = scans.length
    await scanTabs(page, '/admin', scans)
    if (scans.length === before) scans.push({ screen: '/admin', violations: await scanAxe(page, '/admin') })
    return { scans }
  } catch (error) {
    return { scans, skipped: `the walk through the panel failed: ${(error as Error).message.split('\n')[0]}` }
  } finally {
    await context.close()
  }
}
