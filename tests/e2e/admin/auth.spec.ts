import { expect, test } from '../fixtures'
import { demoStaff, expectAccessible, expectToast, runId, signIn, signUp } from './helpers'

test.describe('/auth', () => {
  test('shows the card, validates, and is accessible', async ({ page }) => {
    await page.goto('/auth')
    await expect(page).toHaveTitle('Acceso | Panel CMS')
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow')
    await expect(page.getByRole('heading', { name: 'Panel de Administración' })).toBeVisible()
    await expect(page.getByText('Accede al CMS para gestionar tu sitio web')).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Iniciar Sesión' })).toHaveAttribute('aria-selected', 'true')
    await expectAccessible(page, '/auth (Iniciar Sesión)')

    await page.getByRole('button', { name: 'Iniciar Sesión', exact: true }).last().click()
    await expectToast(page, 'Error', 'Por favor completa todos los campos')

    await page.getByRole('tab', { name: 'Registrarse' }).click()
    await expect(page.getByText('Mínimo 6 caracteres')).toBeVisible()
    await expectAccessible(page, '/auth (Registrarse)')
    await page.getByLabel('Email').fill(`corta-${runId}@example.com`)
    await page.getByLabel('Contraseña').fill('12345')
    await page.getByRole('button', { name: 'Crear Cuenta' }).click()
    await expectToast(page, 'Error', 'La contraseña debe tener al menos 6 caracteres')
  })

  test('a wrong password is explained in Spanish', async ({ page }) => {
    await signIn(page, demoStaff.email, 'not-the-password')
    await expectToast(page, 'Error', 'Email o contraseña incorrectos')
    await expect(page).toHaveURL(/\/auth$/)
  })

  test('sign up, the "already registered" path, sign in, redirects and sign out', async ({ page }) => {
    const email = `alta-${runId}@example.com`
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)

    await signUp(page, email, 'secreto-123')
    await expect(page).toHaveURL(/\/admin$/)
    await expectToast(page, 'Cuenta creada exitosamente')
    await expect(page.getByText(`Conectado como: ${email}`)).toBeVisible()

    // An existing session sends /auth straight on to /admin.
    await page.goto('/auth')
    await expect(page).toHaveURL(/\/admin$/)

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click()
    await expect(page).toHaveURL(/\/$/)
    await page.goto('/admin')
    await expect(page).toHaveURL(/\/auth$/)

    await signUp(page, email, 'secreto-123')
    await expectToast(page, 'Error', 'Este email ya está registrado. Intenta iniciar sesión.')

    await signIn(page, email, 'secreto-123')
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
