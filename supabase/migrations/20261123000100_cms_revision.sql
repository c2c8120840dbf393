-- The signal that what the public site shows has changed (docs/decisions/0020-live-publishing.md).
-- Every statement that writes a table the site renders bumps one counter, whoever wrote it: the admin,
-- another supabase-js client, the SQL editor. Servers compare the counter with the one their cached pages
-- were rendered at (a one-row read, allowed to everyone) and render again when it moved; a NOTIFY on the
-- same statement lets a listener skip the wait. One counter for the whole CMS keeps the rule simple: a
-- menu or SEO change touches every page anyway, and rendering is lazy, so a bump costs only the next
-- request of each page.
create table public.cms_revision (
  -- A single row: the key can only be true.
  id boolean primary key default true check (id),
  revision bigint not null default 0,
  changed_at timestamptz not null default now()
);
insert into public.cms_revision default values;

alter table public.cms_revision enable row level security;
create policy "the revision is public" on public.cms_revision for select to anon, authenticated using (true);
revoke all on public.cms_revision from anon, authenticated;
grant select on public.cms_revision to anon, authenticated;
grant all on public.cms_revision to service_role;

-- security definer: the writer (a staff member, as authenticated) may not update the counter itself.
create function public.bump_cms_revision() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  next bigint;
begin
  update public.cms_revision set revision = revision + 1, changed_at = now() returning revision into next;
  perform pg_notify('cms_revision', next::text);
  return null;
end;
$$;
revoke execute on function public.bump_cms_revision() from public;

do $$
declare
  t text;
begin
  foreach t in array array['blog_posts', 'blog_tags', 'blog_post_tags', 'pages', 'content_blocks', 'menu_items', 'seo_metadata'] loop
    execute format(
      'create trigger %I after insert or update or delete or truncate on public.%I for each statement execute function public.bump_cms_revision()',
      t || '_bump_cms_revision', t);
  end loop;
end;
$$;
