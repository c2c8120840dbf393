-- Signed webhooks to the team's other tools (docs/decisions/0095-signed-webhooks-from-a-queue.md, docs/webhooks.md).
--
-- Admins keep the endpoints (editors cannot read them); each endpoint's signing secret is written once and
-- never read back through the API (a column only the service role may select). Database triggers on
-- public.leads queue one delivery per endpoint and event, so every path that writes a lead (the form, the
-- admin, SQL) is covered and nobody's write waits on an endpoint; the host's webhooks service
-- (src/host/webhooks/) claims due deliveries, signs and sends them, and logs every attempt here.
--
-- The address an endpoint resolves to is checked by the host (Postgres cannot resolve names): a new or changed
-- URL puts the endpoint in state `checking`, and the host turns it `active` or `refused` (with the reason)
-- within a second or two. Nothing is sent to an endpoint that is not `active`.

create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  name text not null constraint webhook_endpoint_name check (length(btrim(name)) between 1 and 80),
  -- The form only: https, no credentials (no `@` before the path), no spaces. Plain http is accepted for a
  -- loopback host, which the host refuses unless WEBHOOKS_ALLOW_LOOPBACK (tests) says otherwise.
  url text not null constraint webhook_endpoint_url check (
    length(url) <= 2000
    and (url ~ '^https://[^/?#@[:space:]]+([/?#][^[:space:]]*)?$'
      or url ~ '^http://(localhost|127\.0\.0\.1|\[::1\])(:[0-9]{1,5})?([/?#][^[:space:]]*)?$')
  ),
  events text[] not null constraint webhook_endpoint_events check (
    cardinality(events) >= 1 and events <@ array['lead.created', 'lead.updated', 'lead.deleted']
  ),
  -- json: the Standard Webhooks payload; text: a Slack- or Teams-compatible {"text": …}.
  format text not null default 'json' constraint webhook_endpoint_format check (format in ('json', 'text')),
  -- The Standard Webhooks signing secret: `whsec_` and base64 of at least 24 random bytes.
  secret text not null constraint webhook_endpoint_secret check (secret ~ '^whsec_[A-Za-z0-9+/]{32,}={0,2}$'),
  state text not null default 'checking' constraint webhook_endpoint_state check (state in ('checking', 'active', 'refused', 'paused')),
  -- Why it was refused or paused (Spanish, shown to admins).
  state_reason text check (length(state_reason) <= 500),
  -- The first failed attempt since the last success: an endpoint failing for WEBHOOKS_PAUSE_AFTER is paused.
  failing_since timestamptz
);

create trigger webhook_endpoints_set_updated_at before update on public.webhook_endpoints
  for each row execute function public.set_updated_at();

-- A new or changed URL is checked by the host before anything is sent to it; through the API an admin may only
-- pause an endpoint or ask for it to be checked again (resume), never declare it checked.
create function public.webhook_endpoint_state() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if (select auth.role()) is distinct from 'service_role' then
    if tg_op = 'INSERT' or new.url is distinct from old.url then
      new.state := 'checking';
    elsif new.state is distinct from old.state and new.state not in ('checking', 'paused') then
      raise exception 'Only the server decides that an endpoint may receive deliveries'
        using errcode = '42501', hint = 'webhook_state';
    end if;
  end if;
  if new.state = 'checking' then
    new.state_reason := null;
    new.failing_since := null;
  end if;
  return new;
end;
$$;
create trigger webhook_endpoint_state before insert or update on public.webhook_endpoints
  for each row execute function public.webhook_endpoint_state();

alter table public.webhook_endpoints enable row level security;
create policy "admins read webhook endpoints" on public.webhook_endpoints
  for select to authenticated using ((select public.is_admin()));
create policy "admins add webhook endpoints" on public.webhook_endpoints
  for insert to authenticated with check ((select public.is_admin()));
create policy "admins change webhook endpoints" on public.webhook_endpoints
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "admins remove webhook endpoints" on public.webhook_endpoints
  for delete to authenticated using ((select public.is_admin()));
-- Two-factor enforcement (decision 0057), as on every table the API writes.
create policy "two-factor: aal2 to insert" on public.webhook_endpoints as restrictive for insert to authenticated
  with check ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()));
create policy "two-factor: aal2 to update" on public.webhook_endpoints as restrictive for update to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()));
create policy "two-factor: aal2 to delete" on public.webhook_endpoints as restrictive for delete to authenticated
  using ((select auth.jwt() ->> 'aal') = 'aal2' or not (select public.two_factor_required()));

-- The secret is written (at creation, at rotation) but never selected through the API: the admin sees it once,
-- as the browser made it; only the service role (the host, which signs) reads it back.
revoke all on public.webhook_endpoints from anon, authenticated;
grant select (id, created_at, updated_at, name, url, events, format, state, state_reason, failing_since)
  on public.webhook_endpoints to authenticated;
grant insert (name, url, events, format, secret) on public.webhook_endpoints to authenticated;
grant update (name, url, events, format, secret, state) on public.webhook_endpoints to authenticated;
grant delete on public.webhook_endpoints to authenticated;
grant all on public.webhook_endpoints to service_role;

-- The durable queue and the delivery log: one row per endpoint and event. lead_id is not a foreign key, so
-- the log outlives the lead; payload may be set to null (a data subject's erasure), leaving only that a
-- delivery happened.
create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  endpoint_id uuid not null references public.webhook_endpoints (id) on delete cascade,
  event text not null check (event in ('lead.created', 'lead.updated', 'lead.deleted', 'webhook.test')),
  lead_id uuid,
  payload jsonb check (jsonb_typeof(payload) = 'object'),
  created_at timestamptz not null default now(),
  -- Attempts so far (a claim counts one).
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A server that claimed the row owns it until then; after that another may retry it.
  locked_until timestamptz,
  delivered_at timestamptz,
  -- No more automatic attempts (retries exhausted, or its payload erased before it was sent).
  gave_up_at timestamptz,
  last_status integer,
  last_error text check (length(last_error) <= 1000),
  last_duration_ms integer
);
create index webhook_deliveries_due_idx on public.webhook_deliveries (next_attempt_at)
  where delivered_at is null and gave_up_at is null;
create index webhook_deliveries_endpoint_idx on public.webhook_deliveries (endpoint_id, created_at desc);
create index webhook_deliveries_lead_idx on public.webhook_deliveries (lead_id);

-- Each attempt: what the endpoint answered (the first KB of its body), how long it took, or why it failed.
create table public.webhook_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  attempted_at timestamptz not null default now(),
  status integer,
  duration_ms integer not null,
  error text check (length(error) <= 1000),
  response_body text check (length(response_body) <= 1024)
);
create index webhook_attempts_delivery_idx on public.webhook_attempts (delivery_id, attempted_at);

-- An erased payload takes the endpoint's echo of it (response bodies) along, and a delivery not yet sent is
-- not sent any more. A lead.deleted payload holds the lead's id and time only: it is kept, so the team's tools
-- still hear of the erasure.
create function public.webhook_payload_erased() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.payload is null and old.payload is not null then
    if old.event = 'lead.deleted' then
      new.payload := old.payload;
      return new;
    end if;
    update public.webhook_attempts set response_body = null where delivery_id = old.id;
    if new.delivered_at is null and new.gave_up_at is null then
      new.gave_up_at := now();
      new.last_error := 'Contenido borrado antes del envío';
    end if;
  end if;
  return new;
end;
$$;
create trigger webhook_payload_erased before update of payload on public.webhook_deliveries
  for each row execute function public.webhook_payload_erased();

alter table public.webhook_deliveries enable row level security;
alter table public.webhook_attempts enable row level security;
create policy "admins read webhook deliveries" on public.webhook_deliveries
  for select to authenticated using ((select public.is_admin()));
create policy "admins read webhook attempts" on public.webhook_attempts
  for select to authenticated using ((select public.is_admin()));
revoke all on public.webhook_deliveries, public.webhook_attempts from anon, authenticated;
grant select on public.webhook_deliveries, public.webhook_attempts to authenticated;
grant all on public.webhook_deliveries, public.webhook_attempts to service_role;

-- The events of public.leads, queued for every endpoint that chose them (checked, paused or active: a paused
-- endpoint receives them once resumed). security definer: the staff member whose update fires it cannot write
-- the queue. An update is an event only when the status or the assignee changed (assigned_to is read from the
-- row as JSON, so this trigger does not depend on when that column was added).
create function public.enqueue_lead_webhooks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind text;
  lead jsonb;
  data jsonb;
begin
  if tg_op = 'INSERT' then
    kind := 'lead.created';
    data := to_jsonb(new) - 'notes';
  elsif tg_op = 'UPDATE' then
    if old.status = new.status and (to_jsonb(old) -> 'assigned_to') is not distinct from (to_jsonb(new) -> 'assigned_to') then
      return null;
    end if;
    kind := 'lead.updated';
    lead := to_jsonb(old);
    data := (to_jsonb(new) - 'notes')
      || jsonb_build_object('previous', jsonb_build_object('status', old.status, 'assigned_to', lead -> 'assigned_to'));
  else
    -- No personal data: the lead's id and when it was deleted.
    kind := 'lead.deleted';
    data := jsonb_build_object('id', old.id, 'deleted_at', now());
  end if;
  insert into public.webhook_deliveries (endpoint_id, event, lead_id, payload)
  select e.id, kind, coalesce(new.id, old.id), jsonb_build_object('type', kind, 'timestamp', now(), 'data', data)
  from public.webhook_endpoints e
  where kind = any (e.events) and e.state <> 'refused';
  return null;
end;
$$;
create trigger leads_enqueue_webhooks after insert or update or delete on public.leads
  for each row execute function public.enqueue_lead_webhooks();

-- Claims up to p_batch due deliveries of active endpoints, at most p_per_endpoint per endpoint and none of
-- p_skip (endpoints the caller has enough in flight for), for p_lease_seconds, atomically: two servers never
-- send one twice, and a slow endpoint cannot take every slot. Service role only.
create function public.claim_webhook_deliveries(p_batch integer, p_per_endpoint integer, p_lease_seconds integer, p_skip uuid[])
returns table (id uuid, endpoint_id uuid, event text, payload jsonb, attempts integer, url text, secret text, format text)
language sql
set search_path = ''
as $$
  with due as (
    select d.id, d.endpoint_id, d.next_attempt_at
    from public.webhook_deliveries d join public.webhook_endpoints e on e.id = d.endpoint_id
    where d.delivered_at is null and d.gave_up_at is null and d.next_attempt_at <= now()
      and (d.locked_until is null or d.locked_until <= now())
      and d.payload is not null and e.state = 'active' and not (d.endpoint_id = any (p_skip))
    order by d.next_attempt_at
    limit p_batch * 4
    for update of d skip locked
  ),
  picked as (
    select r.id from (
      select due.id, due.next_attempt_at, row_number() over (partition by due.endpoint_id order by due.next_attempt_at) as n from due
    ) r
    where r.n <= p_per_endpoint
    order by r.next_attempt_at
    limit p_batch
  ),
  claimed as (
    update public.webhook_deliveries d
    set locked_until = now() + make_interval(secs => p_lease_seconds), attempts = d.attempts + 1
    from picked where d.id = picked.id
    returning d.id, d.endpoint_id, d.event, d.payload, d.attempts
  )
  select c.id, c.endpoint_id, c.event, c.payload, c.attempts, e.url, e.secret, e.format
  from claimed c join public.webhook_endpoints e on e.id = c.endpoint_id;
$$;
revoke execute on function public.claim_webhook_deliveries(integer, integer, integer, uuid[]) from public, anon, authenticated;
grant execute on function public.claim_webhook_deliveries(integer, integer, integer, uuid[]) to service_role;

-- Records one attempt of a claimed delivery: delivered (2xx), retried at p_retry_at, or given up (null). An
-- endpoint whose attempts have failed for p_pause_after_seconds without a success in between is paused; the
-- answer then names it and the admins' addresses, for the host to tell them. Service role only.
create function public.record_webhook_attempt(
  p_delivery uuid, p_status integer, p_duration_ms integer, p_error text, p_response_body text,
  p_retry_at timestamptz, p_pause_after_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  ok boolean := p_error is null and p_status between 200 and 299;
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
    gave_up_at = case when not ok and p_retry_at is null then now() end
  where d.id = p_delivery
  returning * into delivery;
  if not found then
    return jsonb_build_object('paused', false);
  end if;
  update public.webhook_endpoints e set failing_since = case when ok then null else coalesce(e.failing_since, now()) end
  where e.id = delivery.endpoint_id
  returning * into endpoint;
  if not ok and endpoint.state = 'active'
    and endpoint.failing_since <= now() - make_interval(secs => p_pause_after_seconds) then
    update public.webhook_endpoints e
    set state = 'paused', state_reason = 'Pausado por fallar sin interrupción desde ' || to_char(endpoint.failing_since at time zone 'Europe/Madrid', 'DD/MM/YYYY HH24:MI')
    where e.id = endpoint.id;
    return jsonb_build_object(
      'paused', true,
      'endpoint', endpoint.name,
      'admins', coalesce((
        select jsonb_agg(u.email order by u.email) from public.staff s join auth.users u on u.id = s.user_id where s.role = 'admin'
      ), '[]'::jsonb)
    );
  end if;
  return jsonb_build_object('paused', false);
end;
$$;
revoke execute on function public.record_webhook_attempt(uuid, integer, integer, text, text, timestamptz, integer) from public, anon, authenticated;
grant execute on function public.record_webhook_attempt(uuid, integer, integer, text, text, timestamptz, integer) to service_role;

-- Whether the caller is an admin whose session may write (decision 0057's rule, which security definer
-- functions must apply themselves); raises otherwise.
create function public.require_admin_writer() returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not (select public.is_admin()) then
    raise exception 'Only admins manage webhooks' using errcode = '42501', hint = 'admins_only';
  end if;
  if coalesce((select auth.jwt() ->> 'aal'), '') <> 'aal2' and (select public.two_factor_required()) then
    raise exception 'Two-factor sign-in required' using errcode = '42501', hint = 'two_factor_required';
  end if;
end;
$$;
revoke execute on function public.require_admin_writer() from public, anon;
grant execute on function public.require_admin_writer() to authenticated, service_role;

-- «Reenviar»: the same delivery (same webhook-id, so a receiver that already has it can tell) is due again now.
create function public.resend_webhook_delivery(p_delivery uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.require_admin_writer();
  update public.webhook_deliveries d
  set next_attempt_at = now(), delivered_at = null, gave_up_at = null, locked_until = null
  where d.id = p_delivery and d.payload is not null;
  if not found then
    raise exception 'Nothing to send again' using errcode = 'P0002', hint = 'delivery_gone';
  end if;
end;
$$;
revoke execute on function public.resend_webhook_delivery(uuid) from public, anon;
grant execute on function public.resend_webhook_delivery(uuid) to authenticated, service_role;

-- «Enviar prueba»: a webhook.test delivery to one endpoint, sent like any other once the endpoint is active.
create function public.send_test_webhook(p_endpoint uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  made uuid;
begin
  perform public.require_admin_writer();
  insert into public.webhook_deliveries (endpoint_id, event, payload)
  select e.id, 'webhook.test', jsonb_build_object(
    'type', 'webhook.test', 'timestamp', now(),
    'data', jsonb_build_object('message', 'Prueba enviada desde el panel', 'endpoint', e.name))
  from public.webhook_endpoints e where e.id = p_endpoint
  returning id into made;
  if made is null then
    raise exception 'No such endpoint' using errcode = 'P0002', hint = 'endpoint_gone';
  end if;
  return made;
end;
$$;
revoke execute on function public.send_test_webhook(uuid) from public, anon;
grant execute on function public.send_test_webhook(uuid) to authenticated, service_role;
