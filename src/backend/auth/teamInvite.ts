// POST /functions/v1/team-invite: how an admin of the team invites a colleague from the browser
// (docs/decisions/0058-team-invitations-through-a-server-function.md). GoTrue's own /invite takes only the
// service-role key, which never reaches a browser; this function takes the caller's own token, asks the
// database whether that account is an admin, and only then invites with the server's rights and adds the
// staff row with the chosen role. Same path and call (`supabase.functions.invoke`) as a hosted Edge Function.
//
// An address gains the role only once its owner has opened a link mailed to it (decision 0088). A new invitee's
// account has no password until that link, so it joins the team at once. An account that exists already may
// have been registered by someone else, who then knows its password and may hold a session: it is mailed the
// invitation too, and the role waits in its app metadata until a mailed link is used (`acceptTeamInvitation`,
// at /verify). The proven owner then gets a new account under that address: nothing held before the proof (a
// password, sessions, second factors, an access token still within its hour) belongs to the account that has
// the role.
import { parseTeamInvite, TEAM_INVITE_ERRORS, type TeamInviteError, type TeamInviteResponse, type TeamRole } from '#functions/team-invite.ts'
import type { Transaction } from '../db.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { requireUserToken, type AuthContext } from './context.ts'
import { AuthError, emailRateLimited } from './errors.ts'
import { parseBody } from './input.ts'
import { invitedAccount, sendInvitation } from './invite.ts'
import { safeRedirect } from './links.ts'
import { findUserByEmail, insertUser, NO_PASSWORD, userJson, type UserRow } from './users.ts'

/** Where an existing account's invitation waits for its mailed link: a key of its app metadata. */
const PENDING_ROLE = 'team_invitation_role'

const refusal = ({ status, code, message }: TeamInviteError) => new AuthError(status, code, message)

export async function teamInvite(ctx: AuthContext, req: ApiRequest): Promise<Reply> {
  const caller = await requireUserToken(ctx, req)
  const request = parseTeamInvite(parseBody(req))
  if (!request.ok) throw refusal(request.error)
  const { email, role } = request.value
  // The page that sets the password, on the site's own origin (or an allowed one), as for GoTrue's /invite.
  const redirectTo = safeRedirect(ctx, request.value.redirect_to)
  const outcome = await ctx.db.transaction(async (tx) => {
    const { rows } = await tx.query<{ role: string }>('select role from public.staff where user_id = $1', [caller.sub])
    if (rows[0]?.role !== 'admin') throw refusal(TEAM_INVITE_ERRORS.notAdmin)
    // The staff row is written with the server's rights, past row-level security: the database's own rule
    // (two_factor_required()) still decides, asked with the caller's claims, whether this needs aal2.
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: caller.sub, role: caller.role, aal: caller.aal })])
    const { rows: required } = await tx.query<{ needed: boolean }>('select public.two_factor_required() as needed')
    if (required[0]?.needed && caller.aal !== 'aal2') throw refusal(TEAM_INVITE_ERRORS.twoFactorFirst)
    const existing = await findUserByEmail(tx, email)
    const staff = existing ? (await tx.query('select 1 from public.staff where user_id = $1', [existing.id])).rows.length > 0 : false
    if (existing?.email_confirmed_at && staff) throw refusal(TEAM_INVITE_ERRORS.alreadyStaff)
    // Not limited before the admin check: only admins spend an address's e-mails.
    if (!ctx.limits.emailsPerAddress.allow(email)) throw emailRateLimited()
    // An account someone already uses: mailed, and on the team only once that mail's link is opened.
    if (existing?.email_confirmed_at) return pendingInvitation(tx, existing, role)
    // Inviting again someone who never accepted sends a fresh link (the old one stops working).
    const user = await invitedAccount(tx, email, existing)
    if (!staff) await tx.query('insert into public.staff (user_id, role) values ($1, $2)', [user.id, role])
    return user
  })
  await sendInvitation(ctx, outcome, redirectTo)
  const answer: TeamInviteResponse = { user: userJson(outcome), role, invited: true }
  return json(200, answer)
}

async function pendingInvitation(tx: Transaction, user: UserRow, role: TeamRole): Promise<UserRow> {
  const { rows } = await tx.query<UserRow>(
    `update auth.users set raw_app_meta_data = raw_app_meta_data || jsonb_build_object($2::text, $3::text), invited_at = now(), updated_at = now()
     where id = $1 returning *`,
    [user.id, PENDING_ROLE, role],
  )
  return rows[0]!
}

/**
 * Called when a mailed link of `user` is used (the address is proven): an invitation waiting for that proof
 * is accepted, and the account the link's session is for is returned. The account as it was (its id, and so
 * every access token already issued for it, its password, sessions and second factors) is removed, and the
 * address gets a new one without a password, on the team: the owner chooses a password from the link's session.
 */
export async function acceptTeamInvitation(tx: Transaction, user: UserRow): Promise<UserRow> {
  const role = user.raw_app_meta_data[PENDING_ROLE]
  if (role !== 'admin' && role !== 'editor') return user
  await tx.query('delete from auth.users where id = $1', [user.id])
  const { [PENDING_ROLE]: _pending, provider: _provider, providers: _providers, ...appMetadata } = user.raw_app_meta_data
  const owner = await insertUser(tx, user.email, NO_PASSWORD, user.raw_user_meta_data, { invited: true, appMetadata })
  if (!owner) throw new Error('the invited address was taken while its account was replaced')
  await tx.query('insert into public.staff (user_id, role) values ($1, $2)', [owner.id, role])
  return owner
}
