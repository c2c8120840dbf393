-- What the team-invite Edge Function (supabase/functions/team-invite) must know about an e-mail before it
-- invites: whether an account has it, whether that account is confirmed, and whether it is on the team.
-- auth.users is not exposed through the API and GoTrue's admin API finds users by id, not by e-mail, so the
-- function asks this, with the service role only (Supabase grants new functions to the API roles by
-- default: revoked explicitly). The embedded server's own implementation reads the same tables directly.
create function public.invitation_target(email text)
returns table (user_id uuid, confirmed boolean, on_team boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select u.id, u.email_confirmed_at is not null, exists (select 1 from public.staff s where s.user_id = u.id)
  from auth.users u
  where lower(u.email) = lower(invitation_target.email)
  order by u.created_at
  limit 1;
$$;
revoke execute on function public.invitation_target(text) from public, anon, authenticated;
grant execute on function public.invitation_target(text) to service_role;
