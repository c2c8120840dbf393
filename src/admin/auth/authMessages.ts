/**
 * The auth forms' validation and the server messages they translate. Each is shown
 * as a toast titled "Error", so any other server message reads "Error: {message}".
 */
const MIN_PASSWORD = 6

export function validateCredentials(email: string, password: string, signingUp: boolean): string | null {
  if (!email.trim() || !password) return 'Por favor completa todos los campos'
  if (signingUp && password.length < MIN_PASSWORD) return 'La contraseña debe tener al menos 6 caracteres'
  return null
}

export function signUpError(message: string): string {
  return message.includes('already registered') ? 'Este email ya está registrado. Intenta iniciar sesión.' : message
}

export function signInError(message: string): string {
  return message.includes('Invalid login credentials') ? 'Email o contraseña incorrectos' : message
}
