-- A person's data on request, the webhook half (docs/decisions/0096-data-subject-requests.md): a delivery of one
-- of their leads (public.webhook_deliveries, supabase/migrations/20261128120000_webhooks.sql) carries the lead's
-- fields in its payload. The person's view and export list those deliveries; the erasure sets their payload to
-- null, which keeps that a delivery happened (the log's row) and drops the endpoint's echo of it (the trigger
-- webhook_payload_erased); retention does the same for every delivery past the period. The lead.deleted
-- deliveries the erasure itself queues hold the lead's id and time only, so the team's tools can follow.

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
      from public.mail_queue q where public.mail_names(q.message, wanted, ids)), '[]'),
    -- Only the deliveries that still carry data; the endpoint by name, for admins only (editors never see the
    -- team's endpoints: docs/decisions/0095-signed-webhooks-from-a-queue.md).
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
    delete from public.mail_queue q where public.mail_names(q.message, wanted, ids) returning q.outbox_file
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

  counts := jsonb_build_object('leads', lead_count, 'mail', mail_count, 'outbox_files', file_count,
    'webhook_deliveries', delivery_count);
  insert into public.data_subject_requests (kind, staff_id, staff_email, counts)
  select 'erasure', who, coalesce(u.email::text, ''), counts from auth.users u where u.id = who;
  return counts;
end;
$$;

-- Retention (content/site.yaml's leads.retentionMonths) for delivery payloads: those of deliveries created before
-- the cutoff are erased like an erasure does; the log's rows stay. Called by the site server's retention loop.
create function public.webhook_payload_retention(cutoff timestamptz) returns integer
language sql
set search_path = ''
as $$
  with erased as (
    update public.webhook_deliveries d set payload = null
    where d.created_at < cutoff and d.payload is not null and d.event <> 'lead.deleted'
    returning 1
  )
  select count(*)::integer from erased;
$$;
revoke execute on function public.webhook_payload_retention(timestamptz) from public, anon, authenticated;
grant execute on function public.webhook_payload_retention(timestamptz) to service_role;
