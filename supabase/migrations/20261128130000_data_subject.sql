-- A person's data on request (GDPR arts. 15 and 17; docs/decisions/0096-data-subject-requests.md): everything
-- the product holds about an e-mail address, seen and exported by staff and erased by admins, in one call each.
-- What names a person: their leads (notes are a column of the lead) and every queued or delivered e-mail that
-- carries their address or links one of their leads. The outbox folder's files (src/mail/transport.server.ts)
-- are reached through their queue row: it is kept as long as its file (retention, not a week), and erasing the
-- row hands the file's name to the server, which deletes the file within seconds (public.mail_outbox_erasures).

-- Which outbox file a delivered message was written to: a bare file name (the server joins it to its own
-- outbox folder, so a row can never name a path outside it). Null for SMTP deliveries and unsent messages.
alter table public.mail_queue add column outbox_file text
  check (outbox_file ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$');

-- Outbox files whose message was erased or is past retention: the site server's mail loop deletes each file and
-- then its row. Service role only, like the queue; a file name holds no personal data.
create table public.mail_outbox_erasures (
  file text primary key check (file ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$'),
  created_at timestamptz not null default now()
);
alter table public.mail_outbox_erasures enable row level security;
revoke all on public.mail_outbox_erasures from anon, authenticated;
grant all on public.mail_outbox_erasures to service_role;

-- The staff search by address compares lower-cased addresses.
create index leads_email_lower_idx on public.leads (lower(email));

-- The record of requests answered: who, when, what kind and how many rows of each kind. No address, name or id
-- of the person, so it outlives the erasure it records. Staff read it; only the functions below write it, and
-- nobody changes or deletes an entry through the API.
create table public.data_subject_requests (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  kind text not null check (kind in ('export', 'erasure')),
  -- The member of staff who made it; their address too, so the entry still says who once the account is gone.
  staff_id uuid not null,
  staff_email text not null,
  -- { "leads": n, "mail": n, "outbox_files": n, ... }: counts only.
  counts jsonb not null check (jsonb_typeof(counts) = 'object')
);
create index data_subject_requests_created_at_idx on public.data_subject_requests (created_at desc);
alter table public.data_subject_requests enable row level security;
create policy "staff read the data requests log" on public.data_subject_requests
  for select to authenticated using ((select public.is_staff()));
revoke all on public.data_subject_requests from anon, authenticated;
grant select on public.data_subject_requests to authenticated;
grant select on public.data_subject_requests to service_role;

-- The address a request is about, lower-cased and trimmed, or an error: an empty or partial address would match
-- everyone's messages. Every comparison below is equality or a regular expression built from the escaped address,
-- never LIKE, so «%», «_» and quotes are only characters of the address.
create function public.data_subject_address(address text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  normalised text := lower(btrim(coalesce(address, '')));
begin
  if length(normalised) not between 3 and 254 or normalised !~ '^[^[:space:]@]+@[^[:space:]@]+$' then
    raise exception 'Not an e-mail address' using errcode = '22023', hint = 'invalid_email';
  end if;
  return normalised;
end;
$$;
revoke execute on function public.data_subject_address(text) from public, anon, authenticated;

-- Whether a queued message names the person: sent to or replying to the address, mentioning it in its subject or
-- text as a whole address (so ana@example.com does not match juana@example.com or ana@example.com.mx), or linking
-- one of their leads (the staff notification carries the lead's id in its admin link).
create function public.mail_names(message jsonb, address text, lead_ids uuid[]) returns boolean
language sql
immutable
set search_path = ''
as $$
  select lower(coalesce(message ->> 'to', '')) = address
    or lower(coalesce(message ->> 'replyTo', '')) = address
    or lower(coalesce(message ->> 'subject', '') || E'\n' || coalesce(message ->> 'text', '')) ~ (
      '(^|[[:space:]<>(),;:"''\[\]/=])'
      || regexp_replace(address, '([.^$*+?()\[\]{}|\\])', '\\\1', 'g')
      || '($|[[:space:]<>(),;:"''\[\]&?]|\.($|[[:space:]]))'
    )
    or exists (select 1 from unnest(lead_ids) id where strpos(coalesce(message ->> 'text', ''), id::text) > 0);
$$;
revoke execute on function public.mail_names(jsonb, text, uuid[]) from public, anon, authenticated;

-- A write from a session that has not passed its second factor, when it must have (decision 0057): the functions
-- below are security definer, so the restrictive policies do not reach them and they check it themselves.
create function public.data_subject_session_ok() returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((select auth.jwt() ->> 'aal'), '') = 'aal2' or not (select public.two_factor_required());
$$;
revoke execute on function public.data_subject_session_ok() from public, anon, authenticated;

-- Everything held about the address, as one JSON document: { address, generated_at, leads, mail }. Staff (admins
-- and editors, who read every lead already); `log_export` adds an entry to the log (the download of an export).
-- security definer: the mail queue is not readable by any API role.
create function public.data_subject(address text, log_export boolean default false) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  wanted text;
  ids uuid[];
  result jsonb;
begin
  if not coalesce((select public.is_staff()), false) then
    raise exception 'Only staff may see a person''s data' using errcode = '42501', hint = 'staff_only';
  end if;
  wanted := public.data_subject_address(address);
  select coalesce(array_agg(l.id), '{}') into ids from public.leads l where lower(l.email) = wanted;
  select jsonb_build_object(
    'address', wanted,
    'generated_at', now(),
    'leads', coalesce((select jsonb_agg(to_jsonb(l) order by l.created_at) from public.leads l where l.id = any (ids)), '[]'),
    'mail', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', q.id, 'created_at', q.created_at, 'sent_at', q.sent_at, 'attempts', q.attempts,
        'last_error', q.last_error, 'outbox_file', q.outbox_file, 'message', q.message) order by q.created_at)
      from public.mail_queue q where public.mail_names(q.message, wanted, ids)), '[]')
  ) into result;
  if log_export then
    if not (select public.data_subject_session_ok()) then
      raise exception 'Two-factor sign-in required' using errcode = '42501', hint = 'two_factor';
    end if;
    insert into public.data_subject_requests (kind, staff_id, staff_email, counts)
    select 'export', who, coalesce(u.email::text, ''), jsonb_build_object(
      'leads', jsonb_array_length(result -> 'leads'),
      'mail', jsonb_array_length(result -> 'mail'),
      'outbox_files', (select count(*) from jsonb_array_elements(result -> 'mail') m where m ->> 'outbox_file' is not null))
    from auth.users u where u.id = who;
  end if;
  return result;
end;
$$;
revoke execute on function public.data_subject(text, boolean) from public, anon;
grant execute on function public.data_subject(text, boolean) to authenticated;

-- Erases everything held about the address, in one transaction, and logs it: the messages that name the person
-- (their outbox files handed to the server to delete), then the leads (notes with them). Admins only: editors
-- write content and follow leads up, an erasure of every copy is the team's decision. Irreversible. Returns the
-- counts that were logged.
create function public.erase_data_subject(address text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  who uuid := (select auth.uid());
  wanted text;
  ids uuid[];
  mail_count integer;
  file_count integer;
  lead_count integer;
  counts jsonb;
begin
  if not coalesce((select public.is_admin()), false) then
    raise exception 'Only admins may erase a person''s data' using errcode = '42501', hint = 'admins_only';
  end if;
  if not (select public.data_subject_session_ok()) then
    raise exception 'Two-factor sign-in required' using errcode = '42501', hint = 'two_factor';
  end if;
  wanted := public.data_subject_address(address);
  select coalesce(array_agg(l.id), '{}') into ids from public.leads l where lower(l.email) = wanted;

  with erased as (
    delete from public.mail_queue q where public.mail_names(q.message, wanted, ids) returning q.outbox_file
  ), files as (
    insert into public.mail_outbox_erasures (file)
    select outbox_file from erased where outbox_file is not null
    on conflict (file) do nothing
    returning 1
  )
  select (select count(*) from erased), (select count(*) from files) into mail_count, file_count;

  delete from public.leads l where l.id = any (ids);
  get diagnostics lead_count = row_count;

  counts := jsonb_build_object('leads', lead_count, 'mail', mail_count, 'outbox_files', file_count);
  insert into public.data_subject_requests (kind, staff_id, staff_email, counts)
  select 'erasure', who, coalesce(u.email::text, ''), counts from auth.users u where u.id = who;
  return counts;
end;
$$;
revoke execute on function public.erase_data_subject(text) from public, anon;
grant execute on function public.erase_data_subject(text) to authenticated;

-- Retention (content/site.yaml's leads.retentionMonths) for the mail queue: every message created before the
-- cutoff, delivered, given up or still waiting, is deleted and its outbox file handed to the server. Called by the
-- site server's retention loop (src/leads/leads.server.ts) with the service role.
create function public.mail_retention(cutoff timestamptz) returns integer
language sql
set search_path = ''
as $$
  with erased as (
    delete from public.mail_queue where created_at < cutoff returning outbox_file
  ), files as (
    insert into public.mail_outbox_erasures (file)
    select outbox_file from erased where outbox_file is not null
    on conflict (file) do nothing
  )
  select count(*)::integer from erased;
$$;
revoke execute on function public.mail_retention(timestamptz) from public, anon, authenticated;
grant execute on function public.mail_retention(timestamptz) to service_role;
