-- Replaces a post's tags in one transaction, so a save can never leave a post with half its tags
-- (docs/decisions/0010-cms-editing-rules.md). Called as POST /rest/v1/rpc/replace_post_tags {"post_id": "...", "tag_ids": ["..."]},
-- i.e. supabase.rpc('replace_post_tags', { post_id, tag_ids }).
-- security invoker (the default): the caller's row-level security applies, so only staff get through;
-- anyone else fails on the insert (42501) and the delete is rolled back with it.
create function public.replace_post_tags(post_id uuid, tag_ids uuid[])
returns setof public.blog_post_tags
language sql
volatile
set search_path = ''
as $$
  delete from public.blog_post_tags where blog_post_id = replace_post_tags.post_id;
  insert into public.blog_post_tags (blog_post_id, tag_id)
    select distinct replace_post_tags.post_id, t.id
    from unnest(coalesce(replace_post_tags.tag_ids, '{}'::uuid[])) as t (id)
  returning *;
$$;

revoke execute on function public.replace_post_tags(uuid, uuid[]) from public, anon;
grant execute on function public.replace_post_tags(uuid, uuid[]) to authenticated, service_role;
