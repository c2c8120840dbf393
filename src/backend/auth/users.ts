// Accounts (auth.users) as GoTrue stores and answers them: the user JSON of every endpoint, with its
// e-mail identity and its MFA factors.
import type { Database, Transaction } from '../db.ts'
import { hashPassword } from '../passwordHashing.ts'
import { normaliseEmail, validPassword } from './input.ts'

export interface UserRow {
  id: string
  aud: string
  role: string
  email: string
  encrypted_password: string
  email_confirmed_at: string | null
  invited_at: string | null
  last_sign_in_at: string | null
  banned_until: string | null
  raw_app_meta_data: Record<string, unknown>
  raw_user_meta_data: Record<string, unknown>
  created_at: string
  updated_at: string
}

export interface FactorRow {
  id: string
  user_id: string
  friendly_name: string | null
  factor_type: string
  status: string
  secret: string | null
  created_at: string
  updated_at: string
  last_challenged_at: string | null
}

/** A password hash no password matches (an invited or password-less account until it sets one). */
export const NO_PASSWORD = ''

/**
 * Creates an account unless the e-mail is taken; returns the new user, or null if it existed. Confirmed
 * unless `confirmed` is false (the admin API without email_confirm, invitations, sign-ups by e-mail link).
 */
export async function insertUser(
  tx: Transaction,
  email: string,
  passwordHash: string,
  metadata: Record<string, unknown>,
  { confirmed = true, appMetadata = {}, invited = false }: { confirmed?: boolean; appMetadata?: Record<string, unknown>; invited?: boolean } = {},
): Promise<UserRow | null> {
  const { rows } = await tx.query<UserRow>(
    `insert into auth.users (email, encrypted_password, email_confirmed_at, invited_at, raw_user_meta_data, raw_app_meta_data)
       values ($1, $2, case when $3 then now() end, case when $4 then now() end, $5::jsonb,
               '{"provider": "email", "providers": ["email"]}'::jsonb || $6::jsonb)
     on conflict (email) do nothing returning *`,
    [
      email,
      passwordHash,
      confirmed,
      invited,
      JSON.stringify(confirmed ? { ...metadata, email_verified: true } : metadata),
      JSON.stringify(appMetadata),
    ],
  )
  return rows[0] ?? null
}

/** The e-mail (normalised) and password GoTrue would accept, or an AuthError saying why not. */
export function validCredentials(email: string, password: string): { email: string; password: string } {
  return { email: normaliseEmail(email), password: validPassword(password, 'Password is required') }
}

export async function findUserByEmail(tx: Transaction, email: string): Promise<UserRow | undefined> {
  return (await tx.query<UserRow>('select * from auth.users where email = $1', [email])).rows[0]
}

export async function findUserById(tx: Transaction, id: string): Promise<UserRow | undefined> {
  return (await tx.query<UserRow>('select * from auth.users where id = $1', [id])).rows[0]
}

export async function factorsOf(tx: Transaction, userId: string): Promise<FactorRow[]> {
  return (await tx.query<FactorRow>('select * from auth.mfa_factors where user_id = $1 order by created_at', [userId])).rows
}

/** Finds the account for `email` or creates it (for `npm run staff` and the demo account). */
export async function ensureUser(db: Database, email: string, password: string): Promise<{ id: string; created: boolean }> {
  const { email: normalised, password: checkedPassword } = validCredentials(email, password)
  const existing = await db.transaction((tx) => findUserByEmail(tx, normalised))
  if (existing) return { id: existing.id, created: false }
  const hash = await hashPassword(checkedPassword)
  const user = await db.transaction((tx) => insertUser(tx, normalised, hash, {}))
  if (!user) throw new Error(`Could not create ${normalised}`)
  return { id: user.id, created: true }
}

export function isBanned(user: UserRow): boolean {
  return user.banned_until !== null && new Date(user.banned_until).getTime() > Date.now()
}

export function factorJson(factor: FactorRow) {
  return {
    id: factor.id,
    friendly_name: factor.friendly_name ?? '',
    factor_type: factor.factor_type,
    status: factor.status,
    created_at: factor.created_at,
    updated_at: factor.updated_at,
    last_challenged_at: factor.last_challenged_at,
  }
}

export function userJson(user: UserRow, factors: FactorRow[] = []) {
  const confirmed = user.email_confirmed_at !== null
  const identityData = { sub: user.id, email: user.email, email_verified: confirmed, phone_verified: false }
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email,
    email_confirmed_at: user.email_confirmed_at,
    invited_at: user.invited_at ?? undefined,
    phone: '',
    confirmed_at: user.email_confirmed_at,
    last_sign_in_at: user.last_sign_in_at,
    app_metadata: user.raw_app_meta_data,
    user_metadata: user.raw_user_meta_data,
    identities: [
      {
        identity_id: user.id,
        id: user.id,
        user_id: user.id,
        identity_data: identityData,
        provider: 'email',
        last_sign_in_at: user.last_sign_in_at,
        created_at: user.created_at,
        updated_at: user.updated_at,
        email: user.email,
      },
    ],
    ...(factors.length ? { factors: factors.map(factorJson) } : {}),
    created_at: user.created_at,
    updated_at: user.updated_at,
    banned_until: user.banned_until ?? undefined,
    is_anonymous: false,
  }
}
