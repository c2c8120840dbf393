-- Replacing an image is silent and has no history: every post and page that shows it changes at once, and
-- the old file is gone. An editor replaces (upsert, update) or moves only the images they uploaded; an
-- admin any. Uploading new images and deleting stay open to all staff, as before (a deletion is seen in the
-- Medios tab, whose delete warns with the posts and pages that use the image). Objects written by the
-- service role (no owner) are the admins' to replace. The same check applies to a signed upload URL with
-- upsert: it is made, and its upload runs, as the member who signed it.
drop policy "media: staff replace and move" on storage.objects;
create policy "media: staff replace and move their own, admins any" on storage.objects
  for update to authenticated
  using (
    bucket_id = 'media'
    and (select public.is_staff())
    and (owner_id = (select auth.uid())::text or (select public.is_admin()))
  )
  with check (bucket_id = 'media' and (select public.is_staff()));
