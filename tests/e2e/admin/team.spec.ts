// The team's own accounts, in Chromium against `npm start`, with a real SMTP server receiving the mail: an
// admin invites a colleague from Equipo, the colleague follows the mailed link, sets a password and arrives
// as an editor who has no Equipo tab and whom the server refuses; the last admin cannot demote themself; a
// forgotten password is reset through the mailed link (ending the other sessions); the password is changed
// from the panel. Screens checked with axe and photographed at 1440 and 390 px.
import type { Browser, Page } from '@playwright/test'
import { expect, test } from '../fixtures'
import { SmtpInbox } from '../smtp-inbox'
import { demoStaff, expectAccessible, expectToast, openTab, photograph, rest, runId, signIn, signedInStaffPage } from './helpers'

const inbox = new SmtpInbox()
const editorEmail = `editora-${runId}@example.com`
let editorPassword = 'bienvenida-1'

test.describe.configure({ mode: 'serial', timeout: 180_000 })
test.beforeAll(({ server }) => inbox.listen(server.smtpPort))
test.afterAll(() => inbox.close())

function memberCard(page: Page, email: string) {
  return page.getByRole('list', { name: 'Miembros del equipo' }).getByRole('listitem').filter({ hasText: email })
}

async function newPage(browser: Browser): Promise<Page> {
  return (await browser.newContext()).newPage()
}

/** Calls the invitation function from the page with the signed-in user's own token, as supabase-js would. */
async function callInvite(page: Page, body: unknown): Promise<number> {
  return page.evaluate(async (body) => {
    const { anonKey } = (await (await fetch('/backend.json')).json()) as { anonKey: string }
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!
    const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string }
    const headers = { apikey: anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }
    return (await fetch('/functions/v1/team-invite', { method: 'POST', headers, body: JSON.stringify(body) })).status
  }, body)
}

/** Whether the session this page holds can still be refreshed (a new password ends the others). */
async function refreshStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const { anonKey } = (await (await fetch('/backend.json')).json()) as { anonKey: string }
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!
    const { refresh_token } = JSON.parse(localStorage.getItem(key)!) as { refresh_token: string }
    const res = await fetch('/auth/v1/token?grant_type=refresh_token', {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token }),
    })
    return res.status
  })
}

async function setNewPassword(page: Page, password: string, button: string): Promise<void> {
  await page.getByLabel('Nueva contraseña').fill(password)
  await page.getByLabel('Repite la contraseña').fill(password)
  await page.getByRole('button', { name: button }).click()
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 })
}

test('an admin invites a colleague, who sets a password from the mailed link and arrives as an editor without Equipo', async ({ browser }) => {
  const admin = await signedInStaffPage(browser)
  await openTab(admin, 'Equipo')
  await expect(admin.getByRole('heading', { name: `${demoStaff.email} (tú)` })).toBeVisible()
  await expectAccessible(admin, 'Equipo')

  await admin.getByLabel('Email').fill(editorEmail)
  await admin.getByRole('button', { name: 'Enviar invitación' }).click()
  await expectToast(admin, 'Invitación enviada', editorEmail)
  const card = memberCard(admin, editorEmail)
  await expect(card).toContainText('Todavía no ha entrado')
  await expect(card.getByRole('combobox', { name: `Rol de ${editorEmail}` })).toHaveText('Editor')
  await photograph(admin, 'team-equipo')

  // Inviting someone already on the team: a Spanish error, nothing sent twice.
  await admin.getByLabel('Email').fill(demoStaff.email)
  await admin.getByRole('button', { name: 'Enviar invitación' }).click()
  await expectToast(admin, 'No se pudo invitar', 'Esa persona ya forma parte del equipo.')

  const mail = await inbox.latest(editorEmail, /invitado/)
  const invitee = await newPage(browser)
  await invitee.goto(SmtpInbox.link(mail))
  // supabase-js takes the session out of the fragment: no token stays in the address or the history.
  await expect(invitee).toHaveURL(/\/auth\/nueva-contrasena#?$/, { timeout: 20_000 })
  await expect(invitee.getByRole('heading', { name: 'Bienvenido al equipo' })).toBeVisible()
  await expect(invitee.getByText(editorEmail)).toBeVisible()
  await expectAccessible(invitee, 'invitación aceptada')
  await photograph(invitee, 'team-invitacion')
  await setNewPassword(invitee, editorPassword, 'Guardar y entrar')

  await expect(invitee.getByRole('tab', { name: 'Blog', exact: true })).toBeVisible()
  await expect(invitee.getByRole('tab', { name: 'Equipo' })).toHaveCount(0)
  await expect(invitee.getByRole('heading', { name: 'Tu cuenta está pendiente de acceso' })).toHaveCount(0)
  // The server refuses an editor whatever the screen shows.
  expect(await callInvite(invitee, { email: `intrusa-${runId}@example.com`, role: 'admin' })).toBe(403)
  const promoted = await rest(invitee, 'PATCH', `staff?user_id=neq.00000000-0000-0000-0000-000000000000`, { role: 'admin' }, 'return=representation')
  expect(promoted.body).toEqual([])

  // The same link a second time: it was single-use.
  const again = await newPage(browser)
  await again.goto(SmtpInbox.link(mail))
  await expect(again.getByRole('alert').filter({ hasText: 'El enlace no es válido o ha caducado' })).toBeVisible({ timeout: 20_000 })
  await expectAccessible(again, 'enlace caducado')
  await photograph(again, 'team-enlace-caducado')

  await admin.reload()
  await openTab(admin, 'Equipo')
  await expect(memberCard(admin, editorEmail)).not.toContainText('Todavía no ha entrado')
})

test('the last admin cannot demote themself: a clear Spanish error, and the role stays', async ({ browser }) => {
  const admin = await signedInStaffPage(browser)
  await openTab(admin, 'Equipo')
  await admin.getByRole('combobox', { name: `Rol de ${demoStaff.email}` }).click()
  await admin.getByRole('option', { name: 'Editor', exact: true }).click()
  await expectToast(admin, 'No se pudo cambiar el rol', /conservar al menos un administrador/)
  await expectAccessible(admin, 'Equipo con error')
  await admin.reload()
  await expect(admin.getByRole('tab', { name: 'Equipo' })).toBeVisible({ timeout: 20_000 })
})

test('a forgotten password is reset through the mailed link, which signs in and ends the other sessions', async ({ browser }) => {
  const before = await newPage(browser)
  await signIn(before, editorEmail, editorPassword)
  await expect(before).toHaveURL(/\/admin$/, { timeout: 20_000 })

  const page = await newPage(browser)
  await page.goto('/auth')
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click()
  await expect(page.getByRole('heading', { name: 'Restablecer la contraseña' })).toBeVisible({ timeout: 20_000 })
  await expectAccessible(page, 'olvidé mi contraseña')
  await photograph(page, 'team-olvide')
  // An address without an account gets the very same answer.
  await page.getByLabel('Email').fill(`nadie-${runId}@example.com`)
  await page.getByRole('button', { name: 'Enviar enlace' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'recibirás un correo' })).toBeVisible()
  await page.getByRole('button', { name: 'Volver a iniciar sesión' }).click()
  await page.getByRole('button', { name: '¿Olvidaste tu contraseña?' }).click()
  await page.getByLabel('Email').fill(editorEmail)
  await page.getByRole('button', { name: 'Enviar enlace' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'recibirás un correo' })).toBeVisible()
  await photograph(page, 'team-olvide-enviado')

  await page.goto(SmtpInbox.link(await inbox.latest(editorEmail, /Restablece/)))
  await expect(page.getByRole('heading', { name: 'Elige una contraseña nueva' })).toBeVisible({ timeout: 20_000 })
  await expectAccessible(page, 'nueva contraseña')
  await photograph(page, 'team-nueva-contrasena')
  // Two different passwords: said so, nothing changed.
  await page.getByLabel('Nueva contraseña').fill('una-clave-1')
  await page.getByLabel('Repite la contraseña').fill('otra-clave-1')
  await page.getByRole('button', { name: 'Cambiar contraseña y entrar' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Las dos contraseñas no coinciden' })).toBeVisible()
  editorPassword = 'recuperada-1'
  await setNewPassword(page, editorPassword, 'Cambiar contraseña y entrar')
  await expectToast(page, 'Contraseña cambiada')

  expect(await refreshStatus(before)).toBe(400)
  const fresh = await newPage(browser)
  await signIn(fresh, editorEmail, editorPassword)
  await expect(fresh).toHaveURL(/\/admin$/, { timeout: 20_000 })
})

test('the signed-in person changes the password with the current one', async ({ browser }) => {
  const page = await newPage(browser)
  await signIn(page, editorEmail, editorPassword)
  await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 })
  await page.getByRole('button', { name: 'Cambiar contraseña' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cambiar contraseña' })
  await dialog.getByLabel('Contraseña actual').fill('no-es-esta')
  await dialog.getByLabel('Nueva contraseña').fill('cambiada-1')
  await dialog.getByLabel('Repite la contraseña').fill('cambiada-1')
  await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expect(dialog.getByRole('alert').filter({ hasText: 'La contraseña actual no es correcta' })).toBeVisible()
  await expectAccessible(page, 'cambiar contraseña')
  await photograph(page, 'team-cambiar-contrasena')

  await dialog.getByLabel('Contraseña actual').fill(editorPassword)
  await dialog.getByRole('button', { name: 'Cambiar contraseña' }).click()
  await expectToast(page, 'Contraseña cambiada')
  await expect(dialog).toBeHidden()
  editorPassword = 'cambiada-1'
  const fresh = await newPage(browser)
  await signIn(fresh, editorEmail, editorPassword)
  await expect(fresh).toHaveURL(/\/admin$/, { timeout: 20_000 })
})
