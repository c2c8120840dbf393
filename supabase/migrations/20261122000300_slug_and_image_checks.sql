-- What the public site builds URLs and <img> tags from must be safe whoever writes it: the admin checks
-- these too, but a staff client that skips the admin (supabase-js, SQL editor, another tool) must be
-- refused by the database itself. The constraints are named so the admin can turn Postgres' 23514
-- into a Spanish message per constraint (src/admin/errors.ts).
--
-- Slug: lowercase ASCII letters and digits in words joined by single hyphens ("mi-entrada-2026"),
-- the form src/lib/slug.ts produces (SLUG_PATTERN there is the same expression).
-- Featured image: an http(s) URL with a host, or a path on the site ("/images/x.jpg"); not "//host"
-- (another site without a scheme), and no whitespace. javascript:, data: and the like never pass.
-- src/lib/imageUrl.ts holds the same rule for the admin and the public pages.

-- The new slug checks include the first migration's (non-empty, no whitespace), which are dropped so that
-- one named constraint answers for each rule.
alter table public.blog_posts
  drop constraint blog_posts_slug_check,
  add constraint blog_posts_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$') not valid,
  add constraint blog_posts_featured_image_url check (
    featured_image is null or featured_image ~* '^(https?://[^/\s]+|/[^/\s])\S*$'
  ) not valid;

alter table public.blog_tags
  drop constraint blog_tags_slug_check,
  add constraint blog_tags_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$') not valid;

-- Added NOT VALID and then validated: on a project whose rows already pass (every fresh install and the
-- seed do), the constraints end up fully validated. A hosted project with an older row that breaks them
-- still migrates (new writes are checked from now on) and is told which constraint to fix its rows for,
-- instead of having the whole migration fail.
do $$
declare
  c record;
begin
  for c in
    select conrelid::regclass as tbl, conname from pg_constraint
    where conname in ('blog_posts_slug_format', 'blog_posts_featured_image_url', 'blog_tags_slug_format')
  loop
    begin
      execute format('alter table %s validate constraint %I', c.tbl, c.conname);
    exception when check_violation then
      raise warning 'Some existing rows of % break %; fix them, then run: alter table % validate constraint %',
        c.tbl, c.conname, c.tbl, c.conname;
    end;
  end loop;
end;
$$;
