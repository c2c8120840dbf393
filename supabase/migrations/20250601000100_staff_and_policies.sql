-- Who may write, decided in SQL (docs/decisions/0009-staff-only-writes.md): signing up makes an account,
-- not a member of staff. Staff rows are added from the command line (`npm run staff`) or the SQL editor
-- (`insert into public.staff (user_id) select id from auth.users where email = '...'`), never via the API.

create table public.staff (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- security definer: policies call it as anon/authenticated, who must not read public.staff themselves.
-- Callable over REST too (POST /rest/v1/rpc/is_staff), so the admin can tell a waiting account apart.
create function public.is_staff() returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.staff s where s.user_id = (select auth.uid()));
$$;

alter table public.staff enable row level security;
alter table public.blog_posts enable row level security;
alter table public.blog_tags enable row level security;
alter table public.blog_post_tags enable row level security;
alter table public.pages enable row level security;
alter table public.content_blocks enable row level security;
alter table public.menu_items enable row level security;
alter table public.seo_metadata enable row level security;

-- Reads: what the public site may show is readable by everyone; drafts only by staff.
-- `(select ...)` lets Postgres evaluate the function once per statement instead of once per row.
create policy "staff see their own staff row" on public.staff
  for select to authenticated using (user_id = (select auth.uid()));

create policy "published posts are public, drafts are staff-only" on public.blog_posts
  for select to anon, authenticated using (published or (select public.is_staff()));
create policy "published pages are public, drafts are staff-only" on public.pages
  for select to anon, authenticated using (published or (select public.is_staff()));
create policy "tags of published posts are public" on public.blog_post_tags
  for select to anon, authenticated using (
    (select public.is_staff())
    or exists (select 1 from public.blog_posts p where p.id = blog_post_id and p.published)
  );
create policy "tags are public" on public.blog_tags
  for select to anon, authenticated using (true);
create policy "content blocks are public" on public.content_blocks
  for select to anon, authenticated using (true);
create policy "menu items are public" on public.menu_items
  for select to anon, authenticated using (true);
create policy "seo metadata is public" on public.seo_metadata
  for select to anon, authenticated using (true);

-- Writes: staff only, on every CMS table.
do $$
declare
  t text;
begin
  foreach t in array array['blog_posts', 'blog_tags', 'blog_post_tags', 'pages', 'content_blocks', 'menu_items', 'seo_metadata'] loop
    execute format('create policy "staff insert" on public.%I for insert to authenticated with check ((select public.is_staff()))', t);
    execute format('create policy "staff update" on public.%I for update to authenticated using ((select public.is_staff())) with check ((select public.is_staff()))', t);
    execute format('create policy "staff delete" on public.%I for delete to authenticated using ((select public.is_staff()))', t);
  end loop;
end;
$$;

-- Grants. Supabase's default privileges give anon and authenticated everything on new tables and leave
-- RLS to decide; here anon gets reads only, so even a policy mistake cannot let an anonymous request write.
revoke all on all tables in schema public from anon, authenticated;
grant select on public.blog_posts, public.blog_tags, public.blog_post_tags, public.pages,
  public.content_blocks, public.menu_items, public.seo_metadata to anon, authenticated;
grant insert, update, delete on public.blog_posts, public.blog_tags, public.blog_post_tags, public.pages,
  public.content_blocks, public.menu_items, public.seo_metadata to authenticated;
grant select on public.staff to authenticated;
grant all on all tables in schema public to service_role;
-- Identity columns draw from sequences: without usage on them, a staff insert fails with 42501.
revoke all on all sequences in schema public from anon;
grant usage, select on all sequences in schema public to authenticated, service_role;

revoke execute on function public.is_staff() from public;
grant execute on function public.is_staff() to anon, authenticated, service_role;
