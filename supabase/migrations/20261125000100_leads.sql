-- Enquiries sent through the site's contact form, and the queue of e-mails the product sends.
-- Neither is public content: they are not part of the CMS revision (a new lead must not re-render pages),
-- and no API role but service_role may insert. The site server inserts after its spam checks, with the
-- service-role key, so the same code works against a hosted Supabase project.

create table public.leads (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- The length limits mirror the form's schema (src/leads/schema.ts) so a direct insert cannot store more.
  name text not null check (length(btrim(name)) between 1 and 120 and name !~ '[\r\n]'),
  email text not null check (length(email) between 3 and 254 and email !~ '[\r\n]' and email like '%_@_%'),
  company text check (length(company) <= 160),
  phone text check (length(phone) <= 40),
  -- A service page slug from the content registry, or null (general enquiry).
  service text check (length(service) <= 120),
  message text not null check (length(btrim(message)) between 1 and 5000),
  -- The path the form was sent from.
  page_path text not null check (length(page_path) between 1 and 500 and left(page_path, 1) = '/'),
  referrer text check (length(referrer) <= 2000),
  utm_source text check (length(utm_source) <= 200),
  utm_medium text check (length(utm_medium) <= 200),
  utm_campaign text check (length(utm_campaign) <= 200),
  utm_term text check (length(utm_term) <= 200),
  utm_content text check (length(utm_content) <= 200),
  -- false: sent without the proof of work (no JavaScript), shown as "sin verificar" in the admin.
  verified boolean not null default true,
  status text not null default 'nuevo' check (status in ('nuevo', 'contactado', 'descartado', 'spam')),
  notes text not null default '' check (length(notes) <= 20000)
);

create trigger leads_set_updated_at before update on public.leads
  for each row execute function public.set_updated_at();

create index leads_created_at_idx on public.leads (created_at desc);
create index leads_status_idx on public.leads (status);

alter table public.leads enable row level security;

create policy "staff read leads" on public.leads
  for select to authenticated using ((select public.is_staff()));
create policy "staff update leads" on public.leads
  for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()));
create policy "staff delete leads" on public.leads
  for delete to authenticated using ((select public.is_staff()));

-- Hosted Supabase's default privileges give anon and authenticated everything on new tables: take it back,
-- so anonymous requests are refused outright and nobody inserts through the API but the service role.
revoke all on public.leads from anon, authenticated;
grant select, update, delete on public.leads to authenticated;
grant all on public.leads to service_role;

-- The mail queue (src/mail/): every e-mail the product sends is a row here first, so a visitor's submission
-- never waits for SMTP and a failed send is retried. Only the service role (the site server, the embedded
-- backend) reads or writes it; row-level security is on with no policy, so no API role can see a row.
create table public.mail_queue (
  id uuid primary key default gen_random_uuid(),
  created_at timestamptz not null default now(),
  -- { to, subject, text, html?, replyTo? }: the Message type of src/mail/message.ts.
  message jsonb not null check (jsonb_typeof(message) = 'object'),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  -- A worker that claimed the row owns it until then; after that another worker may retry it.
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz
);

create index mail_queue_due_idx on public.mail_queue (next_attempt_at) where sent_at is null;

alter table public.mail_queue enable row level security;
revoke all on public.mail_queue from anon, authenticated;
grant all on public.mail_queue to service_role;

-- Claims up to `batch` due messages for `lease_seconds`, atomically, so two servers never send one twice.
-- A function because PostgREST cannot express `for update skip locked`; callable by the service role only.
create function public.claim_mail(batch integer, lease_seconds integer)
returns setof public.mail_queue
language sql
set search_path = ''
as $$
  update public.mail_queue q
  set locked_until = now() + make_interval(secs => lease_seconds), attempts = q.attempts + 1
  where q.id in (
    select id from public.mail_queue
    where sent_at is null and next_attempt_at <= now() and (locked_until is null or locked_until <= now())
    order by next_attempt_at
    limit batch
    for update skip locked
  )
  returning q.*;
$$;
revoke execute on function public.claim_mail(integer, integer) from public, anon, authenticated;
grant execute on function public.claim_mail(integer, integer) to service_role;
