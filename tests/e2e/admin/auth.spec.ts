import { expect, test } from '../fixtures'
import { demoStaff, expectAccessible, expectToast, signIn } from './helpers'

test.describe('/auth', () => {
  test('shows the card, validates, and is accessible', async ({ page }) => {
    await page.goto('/auth')
    await expect(page).toHaveTitle('Acceso | Panel CMS')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
    await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible()
    await expect(page.getByText('Accede al CMS para gestionar tu sitio web')).toBeVisible()
    // No sign-up: accounts come from an admin's invitation (decision 0088).
    await expect(page.getByRole('tab')).toHaveCount(0)
    await expect(page.getByRole('button', { name: /Crear Cuenta|Registrarse/ })).toHaveCount(0)
    await expect(page.getByText('pide a un administrador que te invite')).toBeVisible()
    await expectAccessible(page, '/auth (Iniciar Sesión)')

    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last().click()
    await expectToast(page, 'Error', 'Por favor completa todos los campos')
  })

  test('a wrong password is explained in Spanish', async ({ page }) => {
    await signIn(page, demoStaff.email, 'not-the-password')
    await expectToast(page, 'Error', 'Email o contraseña incorrectos')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('sign in, redirects and sign out', async ({ page }) => {
    const email = demoStaff.email
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)

    await signIn(page, email, demoStaff.password)
    await expect(page).toHaveURL(/\/admin$/, { timeout: 20_000 })
    await expectToast(page, 'Sesión iniciada')
    await expect(page.getByText(`Conectado como: ${email}`)).toBeVisible()

    // An existing session sends /auth straight on to /admin.
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/admin$/)

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)

    await signIn(page, email, demoStaff.password)
    await expect(page).toHaveURL(/\/admin$/)
    await expectToast(page, 'Sesión iniciada')
    // The session is kept in localStorage and survives a reload.
    await page.reload()
    await expect(page.getByText(`Conectado como: ${email}`)).toBeVisible()
  })

  test('public pages never load the admin bundle', async ({ page }) => {
    const scripts: string[] = []
    page.on('request', (r) => {
      if (r.resourceType() === 'script') scripts.push(r.url())
    })
    for (const path of ['/', '/shopify', '/consultoria-uxui', '/privacidad']) await page.goto(path)
    expect(scripts.filter((s) => /pages_(admin|auth)|supabase/.test(s))).toEqual([])
    const html = await (await page.request.get('/')).text()
    expect(html).not.toMatch(/pages_admin|pages_auth|supabase/)
  })
})
