-- The backups `npm start` makes (docs/decisions/0097-online-backups-restored.md): one row per run, written by
-- the server's backup service as the database owner, so the Dashboard can tell admins when the last backup
-- was made, how large it was, and warn them when it is late or failed. Admins read it; nobody writes it
-- through the API. The service keeps the last 100 runs.
create table public.backup_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  ok boolean not null,
  -- The file's name in BACKUP_DIR (never a path: the folder is the server's business).
  file_name text,
  size_bytes bigint,
  -- Why the backup failed, or why the post-backup command (the off-site copy) failed after a written backup.
  error text,
  -- BACKUP_INTERVAL_MS when the run was made (0: scheduled backups off): a backup older than twice it is late.
  interval_ms bigint not null
);
create index backup_runs_finished_at_idx on public.backup_runs (finished_at desc);

alter table public.backup_runs enable row level security;
create policy "admins read the backup runs" on public.backup_runs
  for select to authenticated using ((select public.is_admin()));
revoke all on public.backup_runs from anon, authenticated;
grant select on public.backup_runs to authenticated;
grant all on public.backup_runs to service_role;
