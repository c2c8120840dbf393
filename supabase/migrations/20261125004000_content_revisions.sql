-- Revisions of the CMS records staff edit (docs/decisions/0065-revisions-by-the-database.md): every insert,
-- update and delete of a post, a page, a text place, a menu item or an SEO row keeps the whole record as it
-- was left, who did it and when, written by a trigger so that a change through SQL or any other client is
-- kept too. Staff read revisions; no API role writes them (only the trigger, as the table's owner).

create table public.content_revisions (
  id bigint generated always as identity primary key,
  table_name text not null,
  -- The record's primary key as text (uuid or bigint, depending on the table).
  record_id text not null,
  operation text not null check (operation in ('INSERT', 'UPDATE', 'DELETE')),
  -- The row after an insert or update, the row before a delete.
  record jsonb not null,
  -- No foreign key: removing an account must not remove what it wrote.
  changed_by uuid,
  changed_by_email text,
  changed_at timestamptz not null default now()
);
create index content_revisions_record_idx on public.content_revisions (table_name, record_id, id desc);

-- Retention, one row: a record keeps at least its `keep_last` newest revisions and every revision younger
-- than `keep_days`; older ones beyond those are pruned by the trigger itself when the record is next
-- written (no scheduled job). Change it with SQL (service role or the SQL editor):
--   update public.revision_settings set keep_last = 100, keep_days = 30;
create table public.revision_settings (
  id boolean primary key default true check (id),
  keep_last integer not null default 50 check (keep_last >= 1),
  keep_days integer not null default 90 check (keep_days >= 0)
);
insert into public.revision_settings default values;

alter table public.content_revisions enable row level security;
alter table public.revision_settings enable row level security;
create policy "staff read revisions" on public.content_revisions
  for select to authenticated using ((select public.is_staff()));
create policy "staff read the retention" on public.revision_settings
  for select to authenticated using ((select public.is_staff()));
-- Supabase's default privileges would give every API role everything on a new table: read only, and for
-- revisions not even the service role writes (a revision is evidence of what happened).
revoke all on public.content_revisions, public.revision_settings from anon, authenticated, service_role;
grant select on public.content_revisions, public.revision_settings to authenticated, service_role;
grant update on public.revision_settings to service_role;

-- security definer: the writer (staff, as authenticated) may not insert revisions or read auth.users itself.
-- One call per statement, not per row, with the statement's rows as transition tables: a bulk change (a
-- menu of 20,000 items deleted at once) writes its revisions in one insert and prunes in one delete.
create function public.record_revisions() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  author uuid := auth.uid();
  author_email text := coalesce(auth.jwt() ->> 'email', (select u.email::text from auth.users u where u.id = author));
  settings public.revision_settings;
  written text[];
begin
  -- The row after an insert or update, the row before a delete. plpgsql plans each branch only when it
  -- runs, so the branch that names the transition table this trigger lacks is never planned.
  if tg_op = 'DELETE' then
    insert into public.content_revisions (table_name, record_id, operation, record, changed_by, changed_by_email)
    select tg_table_name, j ->> 'id', tg_op, j, author, author_email from (select to_jsonb(r) as j from old_rows r) s;
    select array_agg(to_jsonb(r) ->> 'id') into written from old_rows r;
  else
    insert into public.content_revisions (table_name, record_id, operation, record, changed_by, changed_by_email)
    select tg_table_name, j ->> 'id', tg_op, j, author, author_email from (select to_jsonb(r) as j from new_rows r) s;
    select array_agg(to_jsonb(r) ->> 'id') into written from new_rows r;
  end if;
  select * into settings from public.revision_settings;
  -- Only revisions older than keep_days and behind their record's keep_last newest go; the index makes
  -- this a short walk of the written records' revisions.
  delete from public.content_revisions r
  using (
    select x.id
    from (
      select y.id, y.changed_at, row_number() over (partition by y.record_id order by y.id desc) as newer
      from public.content_revisions y
      -- A semi-join on the written keys: `= any (written)` compares each revision with every key.
      where y.table_name = tg_table_name and y.record_id in (select unnest(written))
    ) x
    where x.newer > settings.keep_last and x.changed_at < now() - make_interval(days => settings.keep_days)
  ) stale
  where r.id = stale.id;
  return null;
end;
$$;
revoke execute on function public.record_revisions() from public;

-- A trigger with transition tables has one event, so each table gets three.
do $$
declare
  t text;
begin
  foreach t in array array['blog_posts', 'pages', 'content_blocks', 'menu_items', 'seo_metadata'] loop
    execute format(
      'create trigger %I after insert on public.%I referencing new table as new_rows for each statement execute function public.record_revisions()',
      t || '_revision_insert', t);
    execute format(
      'create trigger %I after update on public.%I referencing new table as new_rows for each statement execute function public.record_revisions()',
      t || '_revision_update', t);
    execute format(
      'create trigger %I after delete on public.%I referencing old table as old_rows for each statement execute function public.record_revisions()',
      t || '_revision_delete', t);
  end loop;
end;
$$;
