// GoTrue's errors (supabase/auth internal/api/apierrors): a status, an error_code and a message, answered
// as `{code, message}` to clients that send X-Supabase-Api-Version and in the legacy shape otherwise.
import { header, json, type ApiRequest, type Reply } from '../reply.ts'

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message)
  }
}

export function authErrorReply(req: ApiRequest, error: AuthError): Reply {
  // auth-js reads `code` only when the answer carries X-Supabase-Api-Version (>= 2024-01-01); without the
  // header GoTrue keeps its legacy body, which older clients parse.
  const apiVersion = header(req, 'x-supabase-api-version')
  if (apiVersion && /^\d{4}-\d{2}-\d{2}$/.test(apiVersion)) {
    return json(error.status, { code: error.code, message: error.message, ...error.extra }, { 'X-Supabase-Api-Version': apiVersion })
  }
  return json(error.status, { code: error.status, error_code: error.code, msg: error.message, ...error.extra })
}

export const invalidCredentials = () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials')
export const rateLimited = () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached')
export const emailRateLimited = () => new AuthError(429, 'over_email_send_rate_limit', 'Email rate limit exceeded')
export const otpExpired = () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid')
export const userNotFound = () => new AuthError(404, 'user_not_found', 'User not found')
export const insufficientAal = (message: string) => new AuthError(401, 'insufficient_aal', message)

/** How long a sign-in refused because every hashing slot is taken waits before its 429. */
const BUSY_REFUSAL_DELAY_MS = 100

/**
 * The 429 of a sign-in that finds every hashing slot taken, given after a short pause: no hash and no query
 * is spent on it either way, but a guesser that loops on the answer would otherwise come back a thousand
 * times a second and take the server's event loop from the API requests, which each need several turns of
 * it now that PostgREST serves them (decision 0025; `npm run bench`, sign-in flood).
 */
export async function refusedWhileBusy(): Promise<AuthError> {
  await new Promise((resolve) => setTimeout(resolve, BUSY_REFUSAL_DELAY_MS))
  return rateLimited()
}
