-- What the contact form remembers between posts: how many posts an address sent in its window (the rate
-- limit) and which proof-of-work solutions were already used (replay). Kept in the database, not in a server
-- process, so every server behind a balancer and a restarted one see the same counts. Only the site server
-- (service role) reads or writes it: row-level security is on with no policy, and no API role has a grant.
create table public.form_guard (
  -- 'rate:<keyed hash of the address>' or 'proof:<keyed hash of the solution's signature>' (no address is stored).
  key text primary key check (length(key) between 1 and 400),
  hits integer not null default 1,
  expires_at timestamptz not null
);

-- Expired rows are deleted by the site server's retention loop.
create index form_guard_expires_at_idx on public.form_guard (expires_at);

alter table public.form_guard enable row level security;
revoke all on public.form_guard from anon, authenticated;
grant all on public.form_guard to service_role;

-- Counts one use of `guard_key` and returns the uses in its current window (1: the first). A window starts
-- at the first use and lasts `ttl_seconds`; a use after it starts a new one. One statement, so concurrent
-- posts from one address are all counted.
create function public.form_guard_hit(guard_key text, ttl_seconds integer)
returns integer
language sql
set search_path = ''
as $$
  insert into public.form_guard as g (key, hits, expires_at)
  values (guard_key, 1, now() + make_interval(secs => ttl_seconds))
  on conflict (key) do update set
    hits = case when g.expires_at <= now() then 1 else g.hits + 1 end,
    expires_at = case when g.expires_at <= now() then excluded.expires_at else g.expires_at end
  returning hits;
$$;
revoke execute on function public.form_guard_hit(text, integer) from public, anon, authenticated;
grant execute on function public.form_guard_hit(text, integer) to service_role;
