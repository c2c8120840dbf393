-- Where each image of the `media` bucket is shown: the posts whose cover or body and the pages whose blocks
-- contain its object name. Object names made by the admin are lowercase ASCII words with a unique suffix, so
-- a match is that image and nothing else. The Medios tab lists these under each image, and deleting one
-- warns with them. security_invoker: the caller's row-level security decides which posts and pages (drafts
-- only for staff) and which objects it sees.
create view public.media_uses with (security_invoker = true) as
  select o.name, 'post'::text as kind, p.id, p.title
  from storage.objects o
  join public.blog_posts p on strpos(coalesce(p.featured_image, '') || ' ' || p.content, o.name) > 0
  where o.bucket_id = 'media'
  union all
  select o.name, 'page'::text, pg.id, pg.title
  from storage.objects o
  join public.pages pg on strpos(pg.content::text, o.name) > 0
  where o.bucket_id = 'media';

revoke all on public.media_uses from anon, authenticated;
grant select on public.media_uses to authenticated;
grant select on public.media_uses to service_role;
