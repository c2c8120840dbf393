-- Scheduled publishing (docs/decisions/0067-scheduled-publishing.md): a post or page marked published with
-- published_at in the future is "scheduled". Row-level security hides it from everyone but staff until that
-- instant, so no job has to run for it to appear: the site, the feed, the sitemap and the API see it as soon
-- as now() passes published_at.

-- Pages get a publication instant like posts, stamped for the ones already published (without touching
-- updated_at or writing a revision: nothing staff did changed).
alter table public.pages add column published_at timestamptz;
alter table public.pages disable trigger user;
update public.pages set published_at = created_at where published;
alter table public.pages enable trigger user;
alter table public.pages add constraint pages_published_has_instant check (not published or published_at is not null);
alter table public.blog_posts add constraint blog_posts_published_has_instant check (not published or published_at is not null);
create index pages_published_idx on public.pages (published_at desc) where published;

-- docs/decisions/0010-cms-editing-rules.md still holds for an instant that has passed: it is stamped when the record is
-- published, kept on later saves (a client re-sending now() cannot re-date it), cleared as a draft. An instant
-- still to come may be moved, to another future time or to the past (which publishes now); a record already
-- public may be scheduled again by moving it into the future. More than a year ahead is refused: a typo, not a plan.
create function public.stamp_published_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not new.published then
    new.published_at := null;
  elsif tg_op = 'UPDATE' and old.published and old.published_at <= now()
      and (new.published_at is null or new.published_at <= now()) then
    new.published_at := old.published_at;
  else
    new.published_at := coalesce(new.published_at, now());
  end if;
  if new.published_at > now() + interval '1 year' then
    raise exception using errcode = 'check_violation',
      message = 'La fecha de publicación no puede estar a más de un año vista: revisa el año.';
  end if;
  return new;
end;
$$;

drop trigger blog_posts_published_at on public.blog_posts;
drop function public.blog_posts_published_at();
create trigger blog_posts_published_at before insert or update on public.blog_posts
  for each row execute function public.stamp_published_at();
create trigger pages_published_at before insert or update on public.pages
  for each row execute function public.stamp_published_at();

-- Public means published and its instant reached; staff see everything.
drop policy "published posts are public, drafts are staff-only" on public.blog_posts;
create policy "published posts are public once their time comes, drafts and scheduled ones staff-only" on public.blog_posts
  for select to anon, authenticated using ((published and published_at <= now()) or (select public.is_staff()));
drop policy "published pages are public, drafts are staff-only" on public.pages;
create policy "published pages are public once their time comes, drafts and scheduled ones staff-only" on public.pages
  for select to anon, authenticated using ((published and published_at <= now()) or (select public.is_staff()));
drop policy "tags of published posts are public" on public.blog_post_tags;
create policy "tags of public posts are public" on public.blog_post_tags
  for select to anon, authenticated using (
    (select public.is_staff())
    or exists (select 1 from public.blog_posts p where p.id = blog_post_id and p.published and p.published_at <= now())
  );

-- What a server's rendered pages depend on: the CMS revision (bumped by every write) and the latest
-- publication instant that has passed. A scheduled record reaching its time moves the second without any
-- write, so a server that compares this pair (src/server/site/revision.ts) renders again at once. Run as the
-- caller: for anon, row-level security already leaves out what is still scheduled, and every instant it
-- returns is one anon can read on the records themselves.
create function public.cms_site_version() returns table (revision bigint, published_through timestamptz)
language sql
stable
set search_path = ''
as $$
  select
    (select r.revision from public.cms_revision r),
    greatest(
      (select max(p.published_at) from public.blog_posts p where p.published and p.published_at <= now()),
      (select max(g.published_at) from public.pages g where g.published and g.published_at <= now())
    );
$$;
revoke execute on function public.cms_site_version() from public;
grant execute on function public.cms_site_version() to anon, authenticated, service_role;
