import { expect, test } from '../fixtures'
import { SmtpInbox } from '../smtp-inbox'
import { acceptInvitation, chooseOption, expectAccessible, openTab, rest, runId, signedInStaffPage } from './helpers'

const inbox = new SmtpInbox()
test.beforeAll(({ server }) => inbox.listen(server.smtpPort))
test.afterAll(() => inbox.close())

test('a signed-in account that is not staff sees it is waiting for access and can change nothing', async ({ page, browser }) => {
  // The invitation and its link come first, and axe runs on five screens.
  test.setTimeout(180_000)
  const email = `espera-${runId}@example.com`
  // There is no sign-up: an account outside the team is one invited, then taken off the team before it entered.
  const admin = await signedInStaffPage(browser)
  const invited = await admin.evaluate(async (email) => {
    const { anonKey } = (await (await fetch('/backend.json')).json()) as { anonKey: string }
    const key = Object.keys(localStorage).find((k) => k.startsWith('sb-') && k.endsWith('-auth-token'))!
    const { access_token } = JSON.parse(localStorage.getItem(key)!) as { access_token: string }
    const headers = { apikey: anonKey, authorization: `Bearer ${access_token}`, 'content-type': 'application/json' }
    const body = JSON.stringify({ email, role: 'editor', redirect_to: `${window.location.origin}/auth/nueva-contrasena` })
    return (await (await fetch('/functions/v1/team-invite', { method: 'POST', headers, body })).json()) as { user: { id: string } }
  }, email)
  expect((await rest(admin, 'DELETE', `staff?user_id=eq.${invited.user.id}`, undefined, 'return=representation')).body).toHaveLength(1)
  await admin.context().close()
  await acceptInvitation(page, SmtpInbox.link(await inbox.latest(email, /invitado/)), 'secreto-123')
  await expect(page.getByRole('heading', { name: 'Tu cuenta está pendiente de acceso' })).toBeVisible()
  await expectAccessible(page, 'Dashboard (sin acceso)')

  const writeButtons = /Nueva Página|Nueva Entrada|Sustituir texto|Nuevo Elemento|^Editar|^Eliminar|Guardar/
  for (const tab of ['Páginas', 'Textos', 'Blog', 'Menú']) {
    await openTab(page, tab)
    await expect(
      page
        .getByRole('main')
        .getByRole('list')
        .or(page.getByText(/Todavía no hay|está vacío|no tiene bloques/))
        .first(),
    ).toBeVisible()
    await expect(page.getByRole('button', { name: writeButtons })).toHaveCount(0)
    await expectAccessible(page, `${tab} (sin acceso)`)
  }
  // Drafts are not readable either: only published posts reach a non-staff account.
  await openTab(page, 'Blog')
  await expect(page.getByText('✗ Borrador')).toHaveCount(0)

  await openTab(page, 'SEO')
  await chooseOption(page, 'Página', '/')
  await expect(page.getByLabel('Meta título')).toBeDisabled()
  await expect(page.getByRole('switch', { name: 'No indexar' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Guardar SEO' })).toHaveCount(0)
  await expectAccessible(page, 'SEO (sin acceso)')

  // The server refuses anyway (row-level security), whatever the client shows.
  const insert = await rest(page, 'POST', 'pages', { title: 'Intrusa', slug: `intrusa-${runId}` })
  expect(insert.status).toBeGreaterThanOrEqual(400)
  const update = await rest(page, 'PATCH', 'menu_items?label=eq.Inicio', { label: 'Hackeado' }, 'return=representation')
  expect(update.body).toEqual([])
  const rpc = await rest(page, 'POST', 'rpc/is_staff', {})
  expect(rpc.body).toBe(false)
})
