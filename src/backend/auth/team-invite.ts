// POST /functions/v1/team-invite: how an admin of the team invites a colleague from the browser
// (docs/decisions/0058-team-invitations-through-a-server-function.md). GoTrue's own /invite takes only the
// service-role key, which never reaches a browser; this function takes the caller's own token, asks the
// database whether that account is an admin, and only then invites with the server's rights and adds the
// staff row with the chosen role. Same path and call (`supabase.functions.invoke`) as a hosted Edge Function.
import { parseTeamInvite, TEAM_INVITE_ERRORS, type TeamInviteError, type TeamInviteResponse } from '#functions/team-invite.ts'
import { json, type ApiRequest, type Reply } from '../reply.ts'
import { requireUserToken, type AuthContext } from './context.ts'
import { AuthError, emailRateLimited } from './errors.ts'
import { parseBody } from './input.ts'
import { invitedAccount, sendInvitation } from './invite.ts'
import { safeRedirect } from './links.ts'
import { findUserByEmail, userJson } from './users.ts'

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
    // Someone who has an account already (signed up, waiting for access) joins at once, without a mail.
    if (existing?.email_confirmed_at) {
      if (staff) throw refusal(TEAM_INVITE_ERRORS.alreadyStaff)
      await tx.query('insert into public.staff (user_id, role) values ($1, $2)', [existing.id, role])
      return { user: existing, invited: false }
    }
    // Not limited before the admin check: only admins spend an address's e-mails.
    if (!ctx.limits.emailsPerAddress.allow(email)) throw emailRateLimited()
    // Inviting again someone who never accepted sends a fresh link (the old one stops working).
    const user = await invitedAccount(tx, email, existing)
    if (!staff) await tx.query('insert into public.staff (user_id, role) values ($1, $2)', [user.id, role])
    return { user, invited: true }
  })
  if (outcome.invited) await sendInvitation(ctx, outcome.user, redirectTo)
  const answer: TeamInviteResponse = { user: userJson(outcome.user), role, invited: outcome.invited }
  return json(200, answer)
}
