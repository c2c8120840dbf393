-- The parts of GoTrue's auth schema (supabase/auth migrations) that the embedded auth service's recovery,
-- invitations, re-authentication and two-factor use, added to data folders of any age before our
-- migrations run (idempotent; runs at every start, never on a hosted project, where GoTrue owns them).
-- Column names and values are GoTrue's, so migrations that read them (auth.mfa_factors in the CMS write
-- policies) mean the same on both.

alter table auth.users add column if not exists invited_at timestamptz;
alter table auth.users add column if not exists banned_until timestamptz;

-- aal of the session (raised to aal2 by a verified factor) and how it was reached, for the JWT's claims.
alter table auth.sessions add column if not exists aal text not null default 'aal1';
alter table auth.sessions add column if not exists factor_id uuid;
alter table auth.sessions add column if not exists amr jsonb not null default '[]';

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null default 'totp',
  status text not null default 'unverified',
  secret text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

-- Single-use tokens of e-mailed links and codes (recovery, invite, magic link, signup, reauthentication),
-- stored as SHA-256 hashes as GoTrue's one_time_tokens are: the database never holds a usable link.
create table if not exists auth.one_time_tokens (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null unique,
  relates_to text not null,
  created_at timestamptz not null default now()
);
create index if not exists one_time_tokens_user_id_idx on auth.one_time_tokens (user_id);

-- Wrong TOTP codes per factor, and until when it refuses every code: kept here rather than in the server's
-- memory, so neither a restart nor another process sharing the data folder starts the count again. Written
-- only by the server's own role (the owner); the API roles get nothing, and row-level security is on with no
-- policy in case a grant ever slips in. Not GoTrue's (a hosted project rate-limits MFA verification itself).
create table if not exists auth.mfa_factor_lockouts (
  factor_id uuid primary key references auth.mfa_factors (id) on delete cascade,
  wrong_codes integer not null default 0,
  locked_until timestamptz
);
alter table auth.mfa_factor_lockouts enable row level security;
revoke all on auth.mfa_factor_lockouts from public, anon, authenticated, service_role;
