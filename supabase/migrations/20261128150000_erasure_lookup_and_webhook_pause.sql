-- Three follow-ups of the lead features (docs/decisions/0103-erasure-lookup-file-erasures-webhook-pause.md):
--
-- 1. A person's mail is found through an index: public.data_subject and public.erase_data_subject read every row
--    of public.mail_queue through public.mail_names (a regular expression and one strpos per lead of the person,
--    per row), 8 s at p95 for a person with 100 leads among 5,000 others. A GIN expression index on the keys a
--    message can be found by (the addresses and lead ids it carries) now picks the candidates, and mail_names,
--    unchanged, still decides each: the index narrows, it never widens.
-- 2. The lead files outside the database (the spool and dead-letter folders of src/leads/inbox.server.ts) are
--    reached by the erasure: it hands the server a SHA-256 of the address, which the site server matches against
--    those files and deletes, with the hash, within seconds.
-- 3. A webhook endpoint is paused only by a delivery that has itself been retried for the whole window: an endpoint
--    whose last failure was days ago (a delivery cancelled by an erasure, a lone «Reenviar») was paused by the
--    next delivery's first failure, with no retry at all. And the pause happens: the admins' addresses were read
--    from auth.users, which the service role may not read, so the call failed and nothing was paused or mailed.

-- 1. The keys a message can be found by, lower-cased: its recipient and reply-to address; every word of its
-- subject and text that holds an «@», split on the characters that may surround an address for mail_names (and,
-- when it ends with one dot, the word without it: an address closing a sentence); and every UUID-shaped string of
-- its text (the admin links of a lead). For an address free of those characters, every message mail_names finds
-- for it has the address, or one of the person's lead ids, among its keys.
create function public.mail_search_keys(message jsonb) returns text[]
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(array_agg(distinct k), '{}') from (
    select lower(message ->> 'to') as k
    union all
    select lower(message ->> 'replyTo')
    union all
    select w from (
      select regexp_split_to_table(
        lower(coalesce(message ->> 'subject', '') || E'\n' || coalesce(message ->> 'text', '')),
        '[[:space:]<>(),;:"''\[\]/=&?]+'
      ) as word
    ) words, lateral (values (word), (regexp_replace(word, '\.$', ''))) v (w)
    where strpos(word, '@') > 0
    union all
    select (regexp_matches(lower(coalesce(message ->> 'text', '')), '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', 'g'))[1]
  ) keys
  where k is not null and k <> '';
$$;
revoke execute on function public.mail_search_keys(jsonb) from public, anon, authenticated;

create index mail_queue_search_keys_idx on public.mail_queue using gin (public.mail_search_keys(message));

-- The messages that name the person (public.mail_names), read through the index above. An address holding one of
-- the characters the keys are split on (valid, but rare: «a/b@example.com») is never a key, so for it the whole
-- queue is read as before.
create function public.mail_naming(wanted text, lead_ids uuid[]) returns setof uuid
language plpgsql
stable
set search_path = ''
as $$
begin
  if wanted ~ '[[:space:]<>(),;:"''\[\]/=&?]' then
    return query select q.id from public.mail_queue q where public.mail_names(q.message, wanted, lead_ids);
  else
    return query select q.id from public.mail_queue q
      where public.mail_search_keys(q.message) && (array[wanted] || lead_ids::text[])
        and public.mail_names(q.message, wanted, lead_ids);
  end if;
end;
$$;
revoke execute on function public.mail_naming(text, uuid[]) from public, anon, authenticated;

-- 2. Addresses whose lead files the site server still has to look for: a SHA-256 (hex) of the lower-cased address,
-- never the address, deleted by the server once its spool and dead-letter folders hold no file naming it.
-- Service role only.
create table public.lead_file_erasures (
  address_sha256 text primary key check (address_sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
alter table public.lead_file_erasures enable row level security;
revoke all on public.lead_file_erasures from anon, authenticated;
grant all on public.lead_file_erasures to service_role;

-- public.data_subject and public.erase_data_subject as in 20261128131000_data_subject_webhooks.sql, with the mail
-- found through public.mail_naming and, for the erasure, the lead files handed to the server.
create or replace function public.data_subject(address text, log_export boolean default false) returns jsonb
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
      from public.mail_queue q where q.id in (select public.mail_naming(wanted, ids))), '[]'),
    'webhook_deliveries', coalesce((
      select jsonb_agg(jsonb_build_object(
        'id', d.id, 'created_at', d.created_at, 'event', d.event, 'delivered_at', d.delivered_at,
        'endpoint', case when (select public.is_admin()) then e.name end, 'payload', d.payload) order by d.created_at)
      from public.webhook_deliveries d join public.webhook_endpoints e on e.id = d.endpoint_id
      where d.lead_id = any (ids) and d.payload is not null and d.event <> 'lead.deleted'), '[]')
  ) into result;
  if log_export then
    if not (select public.data_subject_session_ok()) then
      raise exception 'Two-factor sign-in required' using errcode = '42501', hint = 'two_factor';
    end if;
    insert into public.data_subject_requests (kind, staff_id, staff_email, counts)
    select 'export', who, coalesce(u.email::text, ''), jsonb_build_object(
      'leads', jsonb_array_length(result -> 'leads'),
      'mail', jsonb_array_length(result -> 'mail'),
      'outbox_files', (select count(*) from jsonb_array_elements(result -> 'mail') m where m ->> 'outbox_file' is not null),
      'webhook_deliveries', jsonb_array_length(result -> 'webhook_deliveries'))
    from auth.users u where u.id = who;
  end if;
  return result;
end;
$$;

create or replace function public.erase_data_subject(address text) returns jsonb
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
  delivery_count integer;
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
    delete from public.mail_queue q where q.id in (select public.mail_naming(wanted, ids)) returning q.outbox_file
  ), files as (
    insert into public.mail_outbox_erasures (file)
    select outbox_file from erased where outbox_file is not null
    on conflict (file) do nothing
    returning 1
  )
  select (select count(*) from erased), (select count(*) from files) into mail_count, file_count;

  -- Before the leads go: their deletion queues lead.deleted deliveries, which keep their id-only payload.
  update public.webhook_deliveries d set payload = null
  where d.lead_id = any (ids) and d.payload is not null and d.event <> 'lead.deleted';
  get diagnostics delivery_count = row_count;

  delete from public.leads l where l.id = any (ids);
  get diagnostics lead_count = row_count;

  insert into public.lead_file_erasures (address_sha256)
  values (encode(sha256(convert_to(wanted, 'UTF8')), 'hex'))
  on conflict (address_sha256) do nothing;

  counts := jsonb_build_object('leads', lead_count, 'mail', mail_count, 'outbox_files', file_count,
    'webhook_deliveries', delivery_count);
  insert into public.data_subject_requests (kind, staff_id, staff_email, counts)
  select 'erasure', who, coalesce(u.email::text, ''), counts from auth.users u where u.id = who;
  return counts;
end;
$$;

-- 3. Since when a delivery has been failing (null once it succeeds or is sent again by hand). Deliveries being
-- retried now start from their first attempt.
alter table public.webhook_deliveries add column retrying_since timestamptz;
update public.webhook_deliveries d set retrying_since = (select min(a.attempted_at) from public.webhook_attempts a where a.delivery_id = d.id)
where d.delivered_at is null and d.gave_up_at is null and d.attempts > 0;

-- As in 20261128120000_webhooks.sql, but the endpoint is paused only when both it (no success in between) and the
-- failing delivery itself have been failing for p_pause_after_seconds, and the admins' addresses come from
-- public.admin_emails.
create or replace function public.record_webhook_attempt(
  p_delivery uuid, p_status integer, p_duration_ms integer, p_error text, p_response_body text,
  p_retry_at timestamptz, p_pause_after_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  ok boolean := p_error is null and p_status between 200 and 299;
  window_start timestamptz := now() - make_interval(secs => p_pause_after_seconds);
  delivery public.webhook_deliveries;
  endpoint public.webhook_endpoints;
begin
  insert into public.webhook_attempts (delivery_id, status, duration_ms, error, response_body)
  values (p_delivery, p_status, p_duration_ms, left(p_error, 1000), left(p_response_body, 1024));
  update public.webhook_deliveries d set
    locked_until = null,
    last_status = p_status,
    last_error = left(p_error, 1000),
    last_duration_ms = p_duration_ms,
    delivered_at = case when ok then now() end,
    next_attempt_at = case when not ok and p_retry_at is not null then p_retry_at else d.next_attempt_at end,
    gave_up_at = case when not ok and p_retry_at is null then now() end,
    retrying_since = case when not ok then coalesce(d.retrying_since, now()) end
  where d.id = p_delivery
  returning * into delivery;
  if not found then
    return jsonb_build_object('paused', false);
  end if;
  update public.webhook_endpoints e set failing_since = case when ok then null else coalesce(e.failing_since, now()) end
  where e.id = delivery.endpoint_id
  returning * into endpoint;
  if not ok and endpoint.state = 'active' and endpoint.failing_since <= window_start and delivery.retrying_since <= window_start then
    update public.webhook_endpoints e
    set state = 'paused', state_reason = 'Pausado por fallar sin interrupción desde ' || to_char(endpoint.failing_since at time zone 'Europe/Madrid', 'DD/MM/YYYY HH24:MI')
    where e.id = endpoint.id;
    return jsonb_build_object(
      'paused', true,
      'endpoint', endpoint.name,
      -- Through public.admin_emails (security definer): the service role may not read auth.users, and reading it
      -- here made the whole call fail, so an endpoint due for its pause was never paused nor its admins told.
      'admins', coalesce((select jsonb_agg(a.email order by a.email) from public.admin_emails() a), '[]'::jsonb)
    );
  end if;
  return jsonb_build_object('paused', false);
end;
$$;

-- «Reenviar» as in 20261128120000_webhooks.sql; the delivery's failing starts afresh.
create or replace function public.resend_webhook_delivery(p_delivery uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_admin_writer();
  update public.webhook_deliveries d
  set next_attempt_at = now(), delivered_at = null, gave_up_at = null, locked_until = null, retrying_since = null
  where d.id = p_delivery and d.payload is not null;
  if not found then
    raise exception 'Nothing to send again' using errcode = 'P0002', hint = 'delivery_gone';
  end if;
end;
$$;
