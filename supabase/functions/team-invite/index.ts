// The team-invite Edge Function, for a hosted Supabase project (`supabase functions deploy team-invite`): how
// an admin of the team invites a colleague from the browser, with the same request, answers and errors as
// the embedded server's own implementation (src/backend/auth/teamInvite.ts; the contract both follow is
// ../_shared/team-invite.ts). GoTrue's /invite takes only the service-role key, which never reaches a
// browser: this function verifies the caller's token, asks the database with that token whether the caller
// is an admin (and whether two-factor is required of them), and only then invites with the service role.
// The staff row is written with the caller's own token, so row-level security decides it as any other
// write. Hosted projects set SUPABASE_URL, SUPABASE_ANON_KEY and SUPABASE_SERVICE_ROLE_KEY themselves.
import { createClient, type SupabaseClient, type User, type UserResponse } from '@supabase/supabase-js'
import { corsHeaders } from '@supabase/supabase-js/cors'
import { parseTeamInvite, TEAM_INVITE_ERRORS, type TeamInviteError, type TeamInviteResponse, type TeamRole } from '../_shared/team-invite.ts'

const url = required('SUPABASE_URL')
const anonKey = required('SUPABASE_ANON_KEY')
const noSession = { persistSession: false, autoRefreshToken: false }
const service = createClient(url, required('SUPABASE_SERVICE_ROLE_KEY'), { auth: noSession })

function required(name: string): string {
  const value = Deno.env.get(name)
  if (!value) throw new Error(`${name} is not set`)
  return value
}

function reply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...corsHeaders, 'Content-Type': 'application/json' } })
}

/** GoTrue's legacy error body, which the embedded server also answers to clients (such as functions-js) that send no X-Supabase-Api-Version. */
function refuse({ status, code, message }: TeamInviteError): Response {
  return reply(status, { code: status, error_code: code, msg: message })
}

class Refusal extends Error {
  constructor(readonly error: TeamInviteError) {
    super(error.message)
  }
}

type CallError = { message: string; status?: number; code?: string }
/** GoTrue's and PostgREST's errors pass through with their own status and code. */
const passedOn = (error: CallError) => new Refusal({ status: error.status ?? 500, code: error.code ?? 'unexpected_failure', message: error.message })

function unwrap<T>({ data, error }: { data: T; error: CallError | null }): T {
  if (error) throw passedOn(error)
  return data
}

function userOf(answer: UserResponse): User {
  if (answer.error) throw passedOn(answer.error)
  return answer.data.user
}

async function callerClaims(req: Request): Promise<{ client: SupabaseClient; aal: unknown }> {
  const token = /^Bearer (\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]
  if (!token) throw new Refusal({ status: 401, code: 'no_authorization', message: 'This endpoint requires a valid Bearer token' })
  const client = createClient(url, anonKey, { auth: noSession, global: { headers: { Authorization: `Bearer ${token}` } } })
  const { data, error } = await client.auth.getClaims(token)
  if (error || !data) throw new Refusal({ status: 403, code: 'bad_jwt', message: `invalid JWT: ${error?.message ?? 'unable to verify'}` })
  // The anon key verifies too, but is nobody.
  if (typeof data.claims.sub !== 'string' || !data.claims.session_id) {
    throw new Refusal({ status: 403, code: 'bad_jwt', message: 'invalid claim: missing sub claim' })
  }
  return { client, aal: data.claims.aal }
}

async function readBody(req: Request): Promise<unknown> {
  try {
    return await req.json()
  } catch (error) {
    throw new Refusal({ status: 400, code: 'bad_json', message: `Could not parse request body as JSON: ${(error as Error).message}` })
  }
}

async function invite(req: Request): Promise<TeamInviteResponse> {
  const caller = await callerClaims(req)
  const request = parseTeamInvite(await readBody(req))
  if (!request.ok) throw new Refusal(request.error)
  const { email, role, redirect_to } = request.value
  if (!unwrap(await caller.client.rpc('is_admin'))) throw new Refusal(TEAM_INVITE_ERRORS.notAdmin)
  // The database's own rule, asked with the caller's claims, as its write policies ask it.
  if (unwrap(await caller.client.rpc('two_factor_required')) && caller.aal !== 'aal2') throw new Refusal(TEAM_INVITE_ERRORS.twoFactorFirst)
  const targets = unwrap(await service.rpc('invitation_target', { email })) as { user_id: string; confirmed: boolean; on_team: boolean }[]
  const existing = targets[0]
  // Someone who has an account already (signed up, waiting for access) joins at once, without a mail.
  if (existing?.confirmed) {
    if (existing.on_team) throw new Refusal(TEAM_INVITE_ERRORS.alreadyStaff)
    await join(caller.client, existing.user_id, role)
    const user = userOf(await service.auth.admin.getUserById(existing.user_id))
    return { user: { ...user, email: user.email ?? email }, role, invited: false }
  }
  // Inviting again someone who never accepted sends a fresh link; GoTrue limits the mails per address.
  const user = userOf(await service.auth.admin.inviteUserByEmail(email, { redirectTo: redirect_to }))
  if (!existing?.on_team) await join(caller.client, user.id, role)
  return { user: { ...user, email: user.email ?? email }, role, invited: true }
}

/** The staff row, written as the caller: row-level security lets only an admin (with aal2 when required) add it. */
async function join(caller: SupabaseClient, userId: string, role: TeamRole): Promise<void> {
  const { error } = await caller.from('staff').insert({ user_id: userId, role })
  if (error)
    throw new Refusal(error.code === '42501' ? TEAM_INVITE_ERRORS.notAdmin : { status: 500, code: 'unexpected_failure', message: error.message })
}

Deno.serve(async (req) => {
  if (req.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders })
  try {
    return reply(200, await invite(req))
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.error)
    console.error('team-invite failed', error)
    return refuse({ status: 500, code: 'unexpected_failure', message: 'Unexpected failure' })
  }
})
