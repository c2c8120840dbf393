-- Two-factor sign-in enforced by the database (docs/decisions/0057-two-factor-enforced-by-rls.md), as
-- Supabase's MFA guide does it: restrictive policies on every table the API writes, checking the JWT's
-- `aal` claim. An account with a verified factor writes only from a session that passed it (aal2); when an
-- admin turns on «exigir verificación en dos pasos», every account does. Reads are not restricted.

-- The team's own settings, one row. Staff read it (the admin tells who must still enrol); admins change it.
create table public.team_settings (
  id boolean primary key default true constraint team_settings_one_row check (id),
  require_two_factor boolean not null default false,
  updated_at timestamptz not null default now()
);
insert into public.team_settings default values;

alter table public.team_settings enable row level security;
create policy "staff read the team settings" on public.team_settings
  for select to authenticated using ((select public.is_staff()));
create policy "admins change the team settings" on public.team_settings
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
revoke all on public.team_settings from anon, authenticated;
grant select, update (require_two_factor) on public.team_settings to authenticated;
grant all on public.team_settings to service_role;

-- Whether the caller's writes need an aal2 session: they have a verified factor, or the team requires one.
-- security definer: auth.mfa_factors is not readable by the API roles (on a hosted project nor here).
create function public.two_factor_required() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
      select 1 from auth.mfa_factors f where f.user_id = (select auth.uid()) and f.status::text = 'verified'
    )
    or exists (select 1 from public.team_settings s where s.require_two_factor);
$$;
revoke execute on function public.two_factor_required() from public;
grant execute on function public.two_factor_required() to authenticated, service_role;

-- Turning the requirement on from a session that has not passed a factor would leave that admin (and
-- maybe the whole team) unable to write, this setting included: the admin enrols and signs in with the
-- code first. The operator's SQL (no API role) may always change it, which is the way back.
create function public.team_settings_need_aal2() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.require_two_factor and not old.require_two_factor
    and (select auth.role()) = 'authenticated'
    and coalesce((select auth.jwt() ->> 'aal'), '') <> 'aal2' then
    raise exception 'Two-factor sign-in must be active in this session before it is required of the team'
      using errcode = '42501', hint = 'two_factor_first';
  end if;
  new.updated_at := now();
  return new;
end;
$$;
create trigger team_settings_need_aal2 before update on public.team_settings
  for each row execute function public.team_settings_need_aal2();

-- One restrictive policy per command the API role `authenticated` may run, on every table with row-level
-- security in public and on storage.objects (the media bucket). Restrictive policies are AND-ed with the
-- permissive ones that say who writes at all. A table added later needs the same three policies: the
-- contract test two-factor-enforcement.test.ts lists any writable table without them.
do $$
declare
  t regclass;
begin
  for t in
    select c.oid::regclass from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'r' and c.relrowsecurity
      and (n.nspname = 'public' or (n.nspname = 'storage' and c.relname = 'objects'))
  loop
    if has_any_column_privilege('authenticated', t, 'INSERT') then
      execute format(
        $f$create policy "two-factor: aal2 to insert" on %s as restrictive for insert to authenticated
           with check ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()))$f$, t);
    end if;
    if has_any_column_privilege('authenticated', t, 'UPDATE') then
      execute format(
        $f$create policy "two-factor: aal2 to update" on %s as restrictive for update to authenticated
           using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()))$f$, t);
    end if;
    if has_table_privilege('authenticated', t, 'DELETE') then
      execute format(
        $f$create policy "two-factor: aal2 to delete" on %s as restrictive for delete to authenticated
           using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()))$f$, t);
    end if;
  end loop;
end;
$$;
