-- Removing someone from the team ends their sessions at once (docs/decisions/0055-staff-roles.md): their
-- refresh token is refused from then on, so what they hold stops writing when its access token expires
-- (at most an hour; row-level security already refuses their CMS writes the moment the row is gone).
-- The account itself stays: it can sign in again, as an account that is not staff.
create function public.staff_removal_ends_sessions() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from auth.sessions where user_id = old.user_id;
  return old;
end;
$$;
revoke execute on function public.staff_removal_ends_sessions() from public, anon, authenticated;

create trigger staff_removal_ends_sessions after delete on public.staff
  for each row execute function public.staff_removal_ends_sessions();
