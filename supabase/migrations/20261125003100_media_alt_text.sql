-- The alt text of each image in the `media` bucket, by object name. A table rather than the object's
-- user_metadata: Storage only writes user_metadata with an upload, so editing the text would mean uploading
-- the file again. Everyone reads it (the public pages show it); staff write it. An image without alt text
-- cannot be picked for content in the admin.
create table public.media_alt_text (
  name text primary key check (length(name) between 1 and 1024),
  alt text not null check (length(btrim(alt)) between 1 and 300),
  updated_at timestamptz not null default now()
);

alter table public.media_alt_text enable row level security;

create policy "media alt text: everyone reads" on public.media_alt_text
  for select to anon, authenticated
  using (true);

create policy "media alt text: staff write" on public.media_alt_text
  for all to authenticated
  using ((select public.is_staff()))
  with check ((select public.is_staff()));

revoke all on public.media_alt_text from anon, authenticated;
grant select on public.media_alt_text to anon, authenticated;
grant insert, update, delete on public.media_alt_text to authenticated;
grant all on public.media_alt_text to service_role;
