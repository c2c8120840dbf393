-- A contact-form post that passed every check made in the site server, accepted in one call: its address
-- counted against the rate limit, its proof-of-work solution marked used, the lead inserted and its staff
-- notification queued, in one transaction. One round trip instead of four (each an HTTP request through
-- PostgREST), and the lead and its notification are stored together or not at all.
--
-- Returns 'stored' (also when a lead with this id already exists: a spooled lead retried after its first
-- insert went through; nothing is queued twice), 'rate-limited' (the address is over `rate_limit` in its
-- window; nothing else is counted or stored) or 'replayed' (the solution was used before; nothing stored).
-- `lead` holds the id the server chose (the notification links to it) and the form's columns; a null key
-- skips its check (a spooled lead was checked when it was posted); a null notification queues none.
create function public.accept_lead(
  lead jsonb,
  notification jsonb default null,
  rate_key text default null,
  rate_limit integer default null,
  rate_ttl_seconds integer default null,
  proof_key text default null,
  proof_ttl_seconds integer default null
)
returns text
language plpgsql
set search_path = ''
as $$
begin
  if rate_key is not null and public.form_guard_hit(rate_key, rate_ttl_seconds) > rate_limit then
    return 'rate-limited';
  end if;
  if proof_key is not null and public.form_guard_hit(proof_key, proof_ttl_seconds) > 1 then
    return 'replayed';
  end if;
  insert into public.leads (id, name, email, company, phone, service, message, page_path, referrer,
    utm_source, utm_medium, utm_campaign, utm_term, utm_content, verified)
  select l.id, l.name, l.email, l.company, l.phone, l.service, l.message, l.page_path, l.referrer,
    l.utm_source, l.utm_medium, l.utm_campaign, l.utm_term, l.utm_content, l.verified
  from jsonb_populate_record(null::public.leads, lead) l
  on conflict (id) do nothing;
  if found and notification is not null then
    insert into public.mail_queue (message) values (notification);
  end if;
  return 'stored';
end;
$$;
revoke execute on function public.accept_lead(jsonb, jsonb, text, integer, integer, text, integer) from public, anon, authenticated;
grant execute on function public.accept_lead(jsonb, jsonb, text, integer, integer, text, integer) to service_role;
