// POST /invite (service-role key only, supabase/auth internal/api/invite.go): makes an unconfirmed account
// without a password, or reuses one that never confirmed, and mails it a single-use link that expires; the
// link opens a session from which the invitee sets a password.
import type { Transaction } from '../db.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { requireServiceRole, type AuthContext } from './context.ts'
import { AuthError, emailRateLimited } from './errors.ts'
import { normaliseEmail, parseBody, validMetadata } from './input.ts'
import { safeRedirect } from './links.ts'
import { mailLink } from './mailLink.ts'
import { findUserByEmail, insertUser, NO_PASSWORD, userJson, type UserRow } from './users.ts'

export async function invite(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  await requireServiceRole(ctx, req)
  const body = parseBody(req)
  const email = normaliseEmail(body.email)
  if (!ctx.limits.emailsPerAddress.allow(email)) throw emailRateLimited()
  const redirectTo = safeRedirect(ctx, req.query.get('redirect_to') ?? body.redirect_to)
  const user = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email)
    if (existing?.email_confirmed_at) throw new AuthError(422, 'email_exists', 'A user with this email address has already been registered')
    return invitedAccount(tx, email, existing, validMetadata(body.data))
  })
  await sendInvitation(ctx, user, redirectTo)
  return json(200, userJson(user))
}

/**
 * The account an invitation goes to: `existing` (never confirmed) marked invited again, or a new one. A
 * password the unconfirmed account was given is dropped: nobody had proven the address when it was set.
 */
export async function invitedAccount(
  tx: Transaction,
  email: string,
  existing: UserRow | undefined,
  metadata: Record<string, unknown> = {},
): Promise<UserRow> {
  if (existing) {
    const { rows } = await tx.query<UserRow>(
      'update auth.users set invited_at = now(), encrypted_password = $2, updated_at = now() where id = $1 returning *',
      [existing.id, NO_PASSWORD],
    )
    return rows[0]!
  }
  return (await insertUser(tx, email, NO_PASSWORD, metadata, { confirmed: false, invited: true }))!
}

export async function sendInvitation(ctx: AuthContext, user: UserRow, redirectTo: string): Promise<void> {
  try {
    await mailLink(ctx, user, 'confirmation', 'invite', 'invite', redirectTo)
  } catch (error) {
    console.error(`[auth] could not send an invitation: ${error instanceof Error ? error.message : String(error)}`)
    throw new AuthError(500, 'unexpected_failure', 'Error sending invite email')
  }
}
