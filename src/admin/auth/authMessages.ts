/**
 * The auth forms' validation and the server messages they translate. Each is shown
 * as a toast titled "Error", so any other server message reads "Error: {message}".
 */
const MIN_PASSWORD = 6

export function validateCredentials(email: string, password: string, signingUp: boolean): string | null {
  if (!email.trim() || !password) return 'Por favor completa todos los campos'
  if (signingUp && password.length < MIN_PASSWORD) return AUTH_ERRORS.weak_password!
  return null
}

/** A new password typed twice (the reset link, the invitation, "Cambiar contraseña"). */
export function validateNewPassword(password: string, repeated: string): string | null {
  if (password.length < MIN_PASSWORD) return AUTH_ERRORS.weak_password!
  if (password !== repeated) return 'Las dos contraseñas no coinciden'
  return null
}

export function signInError(message: string): string {
  return message.includes('Invalid login credentials') ? 'Email o contraseña incorrectos' : message
}

/** GoTrue's `error_code`s the password and account screens can meet, in words a member of staff can act on. */
const AUTH_ERRORS: Record<string, string> = {
  weak_password: 'La contraseña debe tener al menos 6 caracteres',
  same_password: 'La contraseña nueva debe ser distinta de la actual',
  current_password_required: 'Escribe tu contraseña actual',
  current_password_invalid: 'La contraseña actual no es correcta',
  reauthentication_not_valid: 'El código de verificación no es válido o ha caducado. Pide otro.',
  insufficient_aal: 'Antes de cambiar la contraseña, confirma tu identidad con el código de tu aplicación de autenticación.',
  otp_expired: 'El enlace o el código no es válido o ha caducado.',
  email_address_invalid: 'Ese email no es válido.',
  validation_failed: 'Revisa los datos: alguno no es válido.',
  over_email_send_rate_limit: 'Se han enviado demasiados correos a esa dirección. Espera un rato y vuelve a intentarlo.',
  over_request_rate_limit: 'Demasiados intentos seguidos. Espera unos minutos y vuelve a intentarlo.',
  session_not_found: 'Tu sesión ha terminado. Vuelve a iniciar sesión.',
  mfa_verification_failed: 'El código no es correcto. Escribe el que muestra ahora tu aplicación de autenticación.',
  mfa_challenge_expired: 'El código ha caducado. Escribe el que muestra ahora tu aplicación de autenticación.',
  mfa_factor_not_found: 'Esa verificación en dos pasos ya no existe. Vuelve a iniciar sesión.',
}

/** A TOTP code as typed (spaces and dashes allowed, as apps show "123 456"); null unless it is six digits. */
export function oneTimeCode(typed: string): string | null {
  const code = typed.replace(/[\s-]/g, '')
  return /^\d{6}$/.test(code) ? code : null
}

export const CODE_REQUIRED = 'Escribe los 6 dígitos que muestra tu aplicación de autenticación.'

export function authError(error: { code?: string; message: string }): string {
  return (error.code && AUTH_ERRORS[error.code]) || error.message
}
