// The contract of the team-invite function, shared by its two implementations: the embedded server's
// (src/backend/auth/teamInvite.ts, Node) and the Edge Function a hosted project runs
// (supabase/functions/team-invite/index.ts, Deno), and by the admin that calls it. No Node- or Deno-only
// imports here: `zod` resolves from node_modules in Node and through the function's deno.json in Deno.
import { z } from 'zod'
import { EMAIL_ADDRESS, MAX_EMAIL_LENGTH } from './email.ts'

export const TEAM_ROLES = ['admin', 'editor'] as const
export type TeamRole = (typeof TEAM_ROLES)[number]

/** An error in GoTrue's terms: HTTP status, `error_code` and English message (what GoTrue would say). */
export interface TeamInviteError {
  status: number
  code: string
  message: string
}

export const TEAM_INVITE_ERRORS = {
  missingEmail: { status: 400, code: 'validation_failed', message: 'An email address is required' },
  invalidEmail: { status: 400, code: 'validation_failed', message: 'Unable to validate email address: invalid format' },
  unknownRole: { status: 422, code: 'validation_failed', message: 'role must be admin or editor' },
  notAdmin: { status: 403, code: 'not_admin', message: 'User not allowed' },
  twoFactorFirst: { status: 401, code: 'insufficient_aal', message: 'AAL2 required to invite to the team' },
  alreadyStaff: { status: 422, code: 'already_staff', message: 'This user is already on the team' },
} satisfies Record<string, TeamInviteError>

/** What the admin shows for the codes this function adds to GoTrue's own. */
export const TEAM_INVITE_MESSAGES_ES: Record<string, string> = {
  already_staff: 'Esa persona ya forma parte del equipo.',
  not_admin: 'Solo un administrador puede invitar al equipo.',
  validation_failed: 'Ese email no es válido.',
}

/** The request body: whom to invite, with which role, and the page the mailed link lands on. */
export const teamInviteRequest = z.object({
  email: z.string().trim().toLowerCase().min(1).max(MAX_EMAIL_LENGTH).regex(EMAIL_ADDRESS),
  role: z.enum(TEAM_ROLES).default('editor'),
  // Kept to the auth server's allowed origins by the auth server itself; anything but a string is ignored.
  redirect_to: z.string().optional().catch(undefined),
})
export type TeamInviteRequest = z.infer<typeof teamInviteRequest>

/** The body checked as both implementations check it: a bad role first, then a missing or bad e-mail. */
export function parseTeamInvite(body: unknown): { ok: true; value: TeamInviteRequest } | { ok: false; error: TeamInviteError } {
  const result = teamInviteRequest.safeParse(body)
  if (result.success) return { ok: true, value: result.data }
  const { issues } = result.error
  if (issues.some((issue) => issue.path[0] === 'role')) return { ok: false, error: TEAM_INVITE_ERRORS.unknownRole }
  const missing = issues.some((issue) => issue.code === 'invalid_type' || issue.code === 'too_small')
  return { ok: false, error: missing ? TEAM_INVITE_ERRORS.missingEmail : TEAM_INVITE_ERRORS.invalidEmail }
}

/** The answer: the invitee as GoTrue returns users, the role given, and whether a mail was sent. */
export const teamInviteResponse = z.object({
  user: z.looseObject({ id: z.string(), email: z.string() }),
  role: z.enum(TEAM_ROLES),
  invited: z.boolean(),
})
export type TeamInviteResponse = z.infer<typeof teamInviteResponse>
