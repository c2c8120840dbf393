-- Staff roles (docs/decisions/0055-staff-roles.md): `admin` manages the team and everything else, `editor`
-- writes content only. Content policies keep asking public.is_staff(), so both roles write content; the
-- team itself (public.staff) is read whole and written only by admins, through row-level security.
-- Rows that existed before roles were all made from the command line by the operator: they become admins.

alter table public.staff add column role text not null default 'editor'
  constraint staff_role_known check (role in ('admin', 'editor'));
update public.staff set role = 'admin';

-- security definer for the same reason as is_staff(): policies on public.staff call it, and a policy that
-- read public.staff under the caller's rights would recurse into itself.
create function public.is_admin() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.staff s where s.user_id = (select auth.uid()) and s.role = 'admin');
$$;
revoke execute on function public.is_admin() from public;
grant execute on function public.is_admin() to anon, authenticated, service_role;

drop policy "staff see their own staff row" on public.staff;
create policy "staff see their own row, admins the whole team" on public.staff
  for select to authenticated using (user_id = (select auth.uid()) or (select public.is_admin()));
create policy "admins add staff" on public.staff
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins change roles" on public.staff
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins remove staff" on public.staff
  for delete to authenticated using ((select public.is_admin()));

-- Only the role can change; who a row belongs to and when it was made are not the API's to rewrite.
grant insert (user_id, role), update (role), delete on public.staff to authenticated;

-- The team keeps an admin, and nobody removes their own access (another admin must), whoever writes:
-- the API, the SQL editor or a cascade from deleting the account. Checked after each statement, so one
-- statement may hand the role over (promote one, demote another) as long as it ends with an admin; only a
-- statement that took an admin away is checked (a team of editors made by SQL stays writable).
create function public.staff_keeps_an_admin() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from before_rows where role = 'admin')
    and not exists (select 1 from public.staff where role = 'admin') then
    raise exception 'The team must keep at least one admin'
      using errcode = '23514', hint = 'last_admin';
  end if;
  return null;
end;
$$;
-- Transition tables allow one event per trigger, hence two.
create trigger staff_keeps_an_admin_on_update after update on public.staff
  referencing old table as before_rows for each statement execute function public.staff_keeps_an_admin();
create trigger staff_keeps_an_admin_on_delete after delete on public.staff
  referencing old table as before_rows for each statement execute function public.staff_keeps_an_admin();

create function public.staff_not_removing_self() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.user_id = (select auth.uid()) then
    raise exception 'Staff cannot remove their own access'
      using errcode = '42501', hint = 'remove_self';
  end if;
  return old;
end;
$$;
create trigger staff_not_removing_self before delete on public.staff
  for each row execute function public.staff_not_removing_self();

-- The admin's team list: e-mail, role, last sign-in and whether a second factor is verified, which live
-- in auth.users and auth.mfa_factors (not readable through the API). Admins only; everyone else gets an
-- empty list, as row-level security would give them.
create function public.team_members()
returns table (user_id uuid, email text, role text, last_sign_in_at timestamptz, two_factor boolean, created_at timestamptz)
language sql
stable
security definer
set search_path = ''
as $$
  select s.user_id, u.email::text, s.role, u.last_sign_in_at,
    exists (select 1 from auth.mfa_factors f where f.user_id = s.user_id and f.status::text = 'verified'),
    s.created_at
  from public.staff s join auth.users u on u.id = s.user_id
  where (select public.is_admin())
  order by u.email;
$$;
revoke execute on function public.team_members() from public;
grant execute on function public.team_members() to authenticated, service_role;
