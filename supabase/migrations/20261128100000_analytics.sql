-- First-party, cookie-free visitor analytics (docs/decisions/0091-cookie-free-analytics.md).
--
-- A visitor is a keyed hash of (the day's random salt, IP, User-Agent, site), made by the site server; the
-- IP and the User-Agent are never stored. The salt of a day (Europe/Madrid) is random, shared by every server
-- through analytics_salts, and deleted once its day is over (the host asks every few minutes), so no hash can
-- be recomputed afterwards. Raw events are kept 30 days; finished days are rolled up into analytics_daily,
-- which is kept. Only the service role (the site server) writes; staff read the report.

create table public.analytics_salts (
  day date primary key,
  salt text not null check (salt ~ '^[0-9a-f]{64}$'),
  created_at timestamptz not null default now()
);
alter table public.analytics_salts enable row level security;
revoke all on public.analytics_salts from anon, authenticated;
grant all on public.analytics_salts to service_role;

-- The day's salt: the first server to ask stores its candidate, every other server gets that one. The salts
-- of earlier days are deleted in the same call.
create function public.analytics_salt(p_day date, p_candidate text) returns text
language plpgsql
set search_path = ''
as $$
declare
  chosen text;
begin
  delete from public.analytics_salts where day < p_day;
  insert into public.analytics_salts (day, salt) values (p_day, p_candidate) on conflict (day) do nothing;
  select s.salt into chosen from public.analytics_salts s where s.day = p_day;
  return chosen;
end;
$$;
revoke execute on function public.analytics_salt(date, text) from public, anon, authenticated;
grant execute on function public.analytics_salt(date, text) to service_role;

create table public.analytics_events (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  -- The Europe/Madrid day: the salt's day and the report's.
  day date not null,
  visitor text not null check (visitor ~ '^[0-9a-f]{32}$'),
  kind text not null check (kind in (
    'pageview', 'form_seen', 'form_started', 'lead', 'email_click', 'phone_click', 'whatsapp_click', 'booking_opened'
  )),
  path text not null check (length(path) between 1 and 512 and left(path, 1) = '/'),
  -- Only a page view carries where it came from and what it ran in.
  referrer_host text check (length(referrer_host) <= 253),
  utm_source text check (length(utm_source) <= 200),
  utm_medium text check (length(utm_medium) <= 200),
  utm_campaign text check (length(utm_campaign) <= 200),
  utm_term text check (length(utm_term) <= 200),
  utm_content text check (length(utm_content) <= 200),
  device text check (device in ('móvil', 'tableta', 'ordenador')),
  browser text check (length(browser) <= 60)
);
create index analytics_events_day_idx on public.analytics_events (day, visitor, occurred_at);
alter table public.analytics_events enable row level security;
create policy "staff read analytics events" on public.analytics_events for select to authenticated using ((select public.is_staff()));
revoke all on public.analytics_events from anon, authenticated;
grant select on public.analytics_events to authenticated;
grant all on public.analytics_events to service_role;

-- One row per finished day and dimension value. Visitors are counted per day (a hash lives one day), so a
-- period's visitors are the sum of its days'. Sources, campaigns, devices and browsers are the visitor's
-- landing (their first page view of the day); a page's figures are what happened on that page.
create table public.analytics_daily (
  day date not null,
  dimension text not null check (dimension in ('total', 'page', 'source', 'campaign', 'device', 'browser')),
  value text not null,
  visitors integer not null default 0,
  pageviews integer not null default 0,
  form_seen integer not null default 0,
  form_started integer not null default 0,
  form_sent integer not null default 0,
  converted integer not null default 0,
  email_clicks integer not null default 0,
  phone_clicks integer not null default 0,
  whatsapp_clicks integer not null default 0,
  booking_opens integer not null default 0,
  primary key (day, dimension, value)
);
alter table public.analytics_daily enable row level security;
create policy "staff read analytics" on public.analytics_daily for select to authenticated using ((select public.is_staff()));
revoke all on public.analytics_daily from anon, authenticated;
grant select on public.analytics_daily to authenticated;
grant all on public.analytics_daily to service_role;

-- Days rolled up, even those with no event (so an empty day is not recomputed from raw events forever).
create table public.analytics_rolled_days (day date primary key);
alter table public.analytics_rolled_days enable row level security;
revoke all on public.analytics_rolled_days from anon, authenticated;
grant all on public.analytics_rolled_days to service_role;

-- events: [{ "visitor": "…", "kind": "pageview", "path": "/", "occurred_at": "…", "referrer_host": … }].
-- The site server has checked each one (src/host/analytics/); the table's checks refuse anything else. A
-- lead's event keeps its day alone, not its moment, so it cannot be matched to the lead's row by time.
create function public.record_analytics(events jsonb) returns void
language sql
set search_path = ''
as $$
  insert into public.analytics_events
    (occurred_at, day, visitor, kind, path, referrer_host, utm_source, utm_medium, utm_campaign, utm_term, utm_content, device, browser)
  select
    case when e.kind = 'lead'
      then date_trunc('day', e.occurred_at at time zone 'Europe/Madrid') at time zone 'Europe/Madrid'
      else e.occurred_at end,
    (e.occurred_at at time zone 'Europe/Madrid')::date, e.visitor, e.kind, e.path, e.referrer_host,
    e.utm_source, e.utm_medium, e.utm_campaign, e.utm_term, e.utm_content, e.device, e.browser
  from jsonb_to_recordset(events) as e(
    occurred_at timestamptz, visitor text, kind text, path text, referrer_host text, utm_source text, utm_medium text,
    utm_campaign text, utm_term text, utm_content text, device text, browser text
  );
$$;
revoke execute on function public.record_analytics(jsonb) from public, anon, authenticated;
grant execute on function public.record_analytics(jsonb) to service_role;

-- The rows analytics_daily would hold for the days in [p_from, p_to], computed from the raw events.
create function public.analytics_rows(p_from date, p_to date) returns setof public.analytics_daily
language sql
stable
set search_path = ''
as $$
  with e as (
    select * from public.analytics_events where day between p_from and p_to
  ),
  landing as (
    select distinct on (day, visitor) day, visitor,
      coalesce(nullif(utm_source, ''), referrer_host, 'directo') as source,
      case when utm_campaign is not null then concat_ws(' / ', utm_source, utm_medium, utm_campaign) end as campaign,
      coalesce(device, 'ordenador') as device, coalesce(browser, 'Otro') as browser
    from e where kind = 'pageview' order by day, visitor, occurred_at
  ),
  per_visitor as (
    select day, visitor,
      count(*) filter (where kind = 'pageview') as pageviews,
      bool_or(kind = 'form_seen') as seen, bool_or(kind = 'form_started') as started, bool_or(kind = 'lead') as sent,
      bool_or(kind <> 'pageview' and kind not in ('form_seen', 'form_started')) as converted,
      count(*) filter (where kind = 'email_click') as email, count(*) filter (where kind = 'phone_click') as phone,
      count(*) filter (where kind = 'whatsapp_click') as whatsapp, count(*) filter (where kind = 'booking_opened') as booking
    from e group by day, visitor
  ),
  v as (
    select p.day, p.pageviews, p.seen, p.started, p.sent, p.converted, p.email, p.phone, p.whatsapp, p.booking,
      l.source, l.campaign, l.device, l.browser
    from per_visitor p join landing l using (day, visitor)
  ),
  by_dimension as (
    select 'total' as dimension, '' as value, v.* from v
    union all select 'source', v.source, v.* from v
    union all select 'campaign', v.campaign, v.* from v where v.campaign is not null
    union all select 'device', v.device, v.* from v
    union all select 'browser', v.browser, v.* from v
  )
  select d.day, d.dimension, d.value, count(*)::int, sum(d.pageviews)::int, count(*) filter (where d.seen)::int,
    count(*) filter (where d.started)::int, count(*) filter (where d.sent)::int, count(*) filter (where d.converted)::int,
    sum(d.email)::int, sum(d.phone)::int, sum(d.whatsapp)::int, sum(d.booking)::int
  from by_dimension d group by d.day, d.dimension, d.value
  union all
  select day, 'page', path,
    count(distinct visitor) filter (where kind = 'pageview')::int, count(*) filter (where kind = 'pageview')::int,
    count(distinct visitor) filter (where kind = 'form_seen')::int, count(distinct visitor) filter (where kind = 'form_started')::int,
    count(distinct visitor) filter (where kind = 'lead')::int,
    count(distinct visitor) filter (where kind <> 'pageview' and kind not in ('form_seen', 'form_started'))::int,
    count(*) filter (where kind = 'email_click')::int, count(*) filter (where kind = 'phone_click')::int,
    count(*) filter (where kind = 'whatsapp_click')::int, count(*) filter (where kind = 'booking_opened')::int
  from e group by day, path;
$$;
revoke execute on function public.analytics_rows(date, date) from public, anon, authenticated;
grant execute on function public.analytics_rows(date, date) to service_role;

-- Rolls up every finished day (before p_today) not rolled yet, and deletes raw events older than 30 days
-- that were rolled up. Idempotent; two servers calling it at once wait for each other (the advisory lock).
create function public.analytics_roll_up(p_today date) returns integer
language plpgsql
set search_path = ''
as $$
declare
  first_day date;
  rolled integer;
begin
  perform pg_advisory_xact_lock(hashtext('public.analytics_roll_up'));
  select min(e.day) into first_day from public.analytics_events e
    where e.day < p_today and not exists (select 1 from public.analytics_rolled_days r where r.day = e.day);
  if first_day is null then
    rolled := 0;
  else
    insert into public.analytics_daily select * from public.analytics_rows(first_day, p_today - 1) r
      where not exists (select 1 from public.analytics_rolled_days d where d.day = r.day)
      on conflict do nothing;
    insert into public.analytics_rolled_days select g::date from generate_series(first_day, p_today - 1, interval '1 day') g
      on conflict do nothing;
    get diagnostics rolled = row_count;
  end if;
  delete from public.analytics_events e where e.day < p_today - 30
    and exists (select 1 from public.analytics_rolled_days r where r.day = e.day);
  return rolled;
end;
$$;
revoke execute on function public.analytics_roll_up(date) from public, anon, authenticated;
grant execute on function public.analytics_roll_up(date) to service_role;

-- The «Analítica» report for [p_from, p_to] (Europe/Madrid days), for staff only: rolled-up days from
-- analytics_daily, the others computed from raw events; leads counted from public.leads itself, so a page's
-- leads in a period are the same number in Contactos.
create function public.analytics_report(p_from date, p_to date) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  report jsonb;
  live_from date;
begin
  if not (select public.is_staff()) then
    raise exception 'Solo el equipo puede ver la analítica' using errcode = '42501';
  end if;
  if p_to < p_from or p_to - p_from > 800 then
    raise exception 'Periodo no válido' using errcode = '22023';
  end if;
  -- Raw events are read only from the first day not rolled up (today, as a rule): a year costs its rolled-up
  -- rows and one day of events, not the 30 days of raw events kept.
  select min(g::date) into live_from from generate_series(p_from, p_to, interval '1 day') g
    where not exists (select 1 from public.analytics_rolled_days d where d.day = g::date);
  with rows as (
    select * from public.analytics_daily where day between p_from and p_to
    union all
    select * from public.analytics_rows(live_from, p_to) r
      where live_from is not null and not exists (select 1 from public.analytics_rolled_days d where d.day = r.day)
  ),
  lead_rows as (
    select (created_at at time zone 'Europe/Madrid')::date as day, page_path as path
    from public.leads
    where created_at >= (p_from::timestamp at time zone 'Europe/Madrid')
      and created_at < ((p_to + 1)::timestamp at time zone 'Europe/Madrid')
  ),
  days as (
    select g::date as day from generate_series(p_from, p_to, interval '1 day') g
  ),
  series as (
    select d.day, coalesce(t.visitors, 0) as visitors, coalesce(t.pageviews, 0) as pageviews,
      coalesce(t.converted, 0) as converted, (select count(*) from lead_rows l where l.day = d.day) as leads
    from days d left join (
      select day, sum(visitors) as visitors, sum(pageviews) as pageviews, sum(converted) as converted
      from rows where dimension = 'total' group by day
    ) t using (day)
  ),
  grouped as (
    select dimension, value, sum(visitors)::int as visitors, sum(pageviews)::int as pageviews,
      sum(form_seen)::int as form_seen, sum(form_started)::int as form_started, sum(form_sent)::int as form_sent,
      sum(converted)::int as converted, sum(email_clicks)::int as email_clicks, sum(phone_clicks)::int as phone_clicks,
      sum(whatsapp_clicks)::int as whatsapp_clicks, sum(booking_opens)::int as booking_opens
    from rows group by dimension, value
  ),
  page_leads as (
    select path, count(*)::int as leads from lead_rows group by path
  ),
  pages as (
    select coalesce(g.value, l.path) as path, coalesce(g.visitors, 0) as visitors, coalesce(g.pageviews, 0) as pageviews,
      coalesce(g.form_seen, 0) as form_seen, coalesce(g.form_started, 0) as form_started, coalesce(l.leads, 0) as leads,
      coalesce(g.email_clicks, 0) as email_clicks, coalesce(g.phone_clicks, 0) as phone_clicks,
      coalesce(g.whatsapp_clicks, 0) as whatsapp_clicks, coalesce(g.booking_opens, 0) as booking_opens
    from (select * from grouped where dimension = 'page') g full join page_leads l on l.path = g.value
  )
  select jsonb_build_object(
    'from', p_from,
    'to', p_to,
    'totals', jsonb_build_object(
      'visitors', coalesce((select sum(visitors) from series), 0),
      'pageviews', coalesce((select sum(pageviews) from series), 0),
      'converted', coalesce((select sum(converted) from series), 0),
      'leads', (select count(*) from lead_rows)
    ),
    'series', coalesce((select jsonb_agg(to_jsonb(s) order by s.day) from series s), '[]'),
    'pages', coalesce((select jsonb_agg(to_jsonb(p) order by p.visitors desc, p.leads desc, p.path) from pages p), '[]'),
    'dimensions', coalesce((
      select jsonb_object_agg(dimension, items) from (
        select dimension, jsonb_agg(jsonb_build_object('value', value, 'visitors', visitors, 'pageviews', pageviews,
          'converted', converted) order by visitors desc, value) as items
        from grouped where dimension in ('source', 'campaign', 'device', 'browser') group by dimension
      ) d
    ), '{}')
  ) into report;
  return report;
end;
$$;
revoke execute on function public.analytics_report(date, date) from public, anon;
grant execute on function public.analytics_report(date, date) to authenticated, service_role;
