-- Every foreign key gets an index on its referencing columns. Without one, each row
-- deleted from the referenced table scans the referencing table for rows to cascade or set null: deleting
-- 20,000 menu_items took 7.2 s (30,000: 14.5 s, quadratic) through menu_items.parent_id, and the embedded
-- database serves one statement at a time, so every other request waited behind it.
--
-- The other foreign keys are already covered: blog_post_tags.blog_post_id leads the primary key,
-- blog_post_tags.tag_id has blog_post_tags_tag_id_idx, staff.user_id is the primary key.
-- tests/contract/limits.test.ts checks that no foreign key in public is left without an index.
create index if not exists menu_items_parent_id_idx on public.menu_items (parent_id);
