// Reading GoTrue request bodies: JSON objects, e-mails, passwords and metadata as GoTrue accepts them.
import { MAX_PASSWORD_BYTES } from '../passwordHashing.ts'
import type { ApiRequest } from '../reply.ts'
import { EMAIL_ADDRESS, MAX_EMAIL_LENGTH } from '#functions/email.ts'
import { AuthError } from './errors.ts'

export const MIN_PASSWORD = 6
// eslint-disable-next-line no-control-regex -- refusing control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/

export function parseBody(req: ApiRequest): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = req.body ? JSON.parse(req.body) : {}
  } catch (error) {
    throw new AuthError(400, 'bad_json', `Could not parse request body as JSON: ${(error as Error).message}`)
  }
  if (!isObject(parsed)) throw new AuthError(400, 'bad_json', 'Could not parse request body as JSON: expected an object')
  return parsed
}

export function normaliseEmail(value: unknown, missing = 'To signup, please provide your email'): string {
  const email = typeof value === 'string' ? value.trim().toLowerCase() : ''
  if (!email) throw new AuthError(400, 'validation_failed', missing)
  if (email.length > MAX_EMAIL_LENGTH || !EMAIL_ADDRESS.test(email) || CONTROL_CHARACTERS.test(email)) {
    throw new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format')
  }
  return email
}

export function validPassword(value: unknown, missingMessage: string): string {
  if (typeof value !== 'string' || value === '') throw new AuthError(422, 'validation_failed', missingMessage)
  // bcrypt honours 72 bytes, not characters: "ñ" is two bytes in UTF-8.
  if (Buffer.byteLength(value) > MAX_PASSWORD_BYTES) {
    throw new AuthError(
      400,
      'validation_failed',
      `Password cannot be longer than ${MAX_PASSWORD_BYTES} bytes (UTF-8: letters such as ñ or á count as 2)`,
    )
  }
  if (value.length < MIN_PASSWORD) {
    throw new AuthError(422, 'weak_password', `Password should be at least ${MIN_PASSWORD} characters.`, {
      weak_password: { reasons: ['length'] },
    })
  }
  return value
}

/**
 * User metadata as Postgres can store it: an object (anything else is ignored, as GoTrue does) whose keys
 * and strings hold no NUL, which jsonb refuses. Walked with a stack, so deep nesting cannot overflow it.
 */
export function validMetadata(value: unknown): Record<string, unknown> {
  if (!isObject(value)) return {}
  const pending: unknown[] = [value]
  while (pending.length) {
    const item = pending.pop()
    if (typeof item === 'string' && item.includes('\u0000')) {
      throw new AuthError(400, 'validation_failed', 'User metadata cannot contain NUL (\\u0000) characters')
    }
    if (typeof item === 'object' && item !== null) {
      for (const [key, child] of Object.entries(item)) pending.push(key, child)
    }
  }
  return value
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A path segment that must be a UUID (user or factor ids), or the not-found error GoTrue gives. */
export function uuidOr(value: string | undefined, notFound: () => AuthError): string {
  if (!value || !UUID.test(value)) throw notFound()
  return value.toLowerCase()
}
