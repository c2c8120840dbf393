-- The public bucket `media`: the images staff upload for posts and pages. Everyone reads it (the public
-- site serves its images); only staff upload, replace, move or delete, decided by row-level security on
-- storage.objects exactly as Supabase Storage decides it (it runs each request's SQL as the caller's role
-- with their JWT claims). The bucket's limits are Supabase's own columns, so a hosted project enforces them
-- too: 10 MB, and the raster formats the site makes responsive variants of (no SVG: it can carry script).
-- The embedded backend also checks the file's content against the allow-list (src/server/storage/).

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('media', 'media', true, 10485760, array['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

create policy "media: everyone reads the bucket" on storage.buckets
  for select to anon, authenticated
  using (id = 'media');

create policy "media: everyone reads" on storage.objects
  for select to anon, authenticated
  using (bucket_id = 'media');

create policy "media: staff upload" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'media' and (select public.is_staff()));

create policy "media: staff replace and move" on storage.objects
  for update to authenticated
  using (bucket_id = 'media' and (select public.is_staff()))
  with check (bucket_id = 'media' and (select public.is_staff()));

create policy "media: staff delete" on storage.objects
  for delete to authenticated
  using (bucket_id = 'media' and (select public.is_staff()));
