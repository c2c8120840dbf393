-- Leads per page and per service since a moment: the admin dashboard's "which pages bring enquiries",
-- counted from the leads themselves (no cookie, no analytics script). Counted in the database so the
-- figures stay right however many leads there are (an API answer carries at most max_rows rows).
-- security invoker: the leads table's row-level security applies, so only staff count anything.
create function public.lead_counts(since timestamptz)
returns table (dimension text, key text, leads bigint)
language sql
stable
security invoker
set search_path = ''
as $$
  select 'page', page_path, count(*) from public.leads where created_at >= since group by page_path
  union all
  -- '' stands for enquiries without a service.
  select 'service', coalesce(service, ''), count(*) from public.leads where created_at >= since group by service
$$;

revoke execute on function public.lead_counts(timestamptz) from public, anon;
grant execute on function public.lead_counts(timestamptz) to authenticated, service_role;
