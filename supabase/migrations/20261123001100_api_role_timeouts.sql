-- Statement timeouts per API role, the values hosted Supabase sets (anon 3 s, authenticated 8 s; service_role
-- keeps the database default). PostgREST applies the settings of the role it switches to at the start of
-- every request's transaction, so a slow statement from the API is cancelled with 57014 and PostgREST's
-- error shape instead of holding the database. The embedded database (PGlite, WebAssembly) cannot fire a
-- timer while a statement runs, so there the setting is applied but not enforced: docs/backend.md, "Limits".
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
