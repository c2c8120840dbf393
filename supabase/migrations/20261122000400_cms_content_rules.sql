-- Rules the database enforces on the CMS rows the public site renders (docs/decisions/0041-…): a dynamic
-- page may not take a URL the site already serves, a menu link is a site path, an in-page anchor or an
-- http(s) URL, and nothing the site prints may be empty. Written as triggers rather than CHECK
-- constraints so that every client (the admin, supabase-js, SQL) gets the reason in Spanish.

-- The first path segments the site already answers: its content routes, redirect sources, the app's
-- own routes and the server's API prefixes. Derived from src/siteContent/siteRoutes.ts; the list below is
-- the one of this migration's day, and the site server writes the current one at start
-- (docs/decisions/0073-site-routes-written-at-start.md).
create table public.site_routes (
  slug text primary key check (slug ~ '^[a-z0-9][a-z0-9-]*$'),
  -- Why the slug is taken, for the error message: 'page', 'redirect', 'app' or 'server'.
  source text not null
);
alter table public.site_routes enable row level security;
create policy "site routes are public" on public.site_routes for select to anon, authenticated using (true);
-- Supabase's default privileges would give anon and authenticated every right on a new table.
revoke all on public.site_routes from anon, authenticated;
grant select on public.site_routes to anon, authenticated;
grant all on public.site_routes to service_role;

create function public.pages_check() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
    raise exception using errcode = 'check_violation',
      message = format('El slug «%s» no es válido: usa solo minúsculas sin tildes, números y guiones (por ejemplo, sobre-nosotros).', new.slug);
  end if;
  if exists (select 1 from public.site_routes r where r.slug = new.slug) then
    raise exception using errcode = 'check_violation',
      message = format('La URL /%s ya es una ruta del sitio: elige otro slug para la página.', new.slug);
  end if;
  if new.title !~ '[^[:space:]]' then
    raise exception using errcode = 'check_violation', message = 'El título de la página no puede estar vacío.';
  end if;
  return new;
end;
$$;
create trigger pages_check before insert or update on public.pages
  for each row execute function public.pages_check();

-- A link the header may print: "/" or "/path…" (never "//host", which browsers read as another site, nor a
-- backslash, which they read as a slash), "#anchor", or an http(s) URL. Anything else, javascript: and
-- data: included, is refused. src/siteContent/links.ts holds the same rule for the admin's own check.
create function public.is_menu_path(path text) returns boolean
language sql
immutable
set search_path = ''
as $$
  select path !~ '[[:space:][:cntrl:]\\]'
    and (path ~ '^/($|[^/])' or path ~ '^#[A-Za-z][A-Za-z0-9_-]*$' or path ~ '^https?://[^/?#]+');
$$;
grant execute on function public.is_menu_path(text) to anon, authenticated, service_role;

create function public.menu_items_check() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.label !~ '[^[:space:]]' then
    raise exception using errcode = 'check_violation', message = 'La etiqueta del elemento del menú no puede estar vacía.';
  end if;
  if not public.is_menu_path(new.path) then
    raise exception using errcode = 'check_violation',
      message = format('La ruta «%s» no es válida: usa una ruta del sitio (/shopify), un ancla (/#contacto) o una URL http(s).', new.path);
  end if;
  return new;
end;
$$;
create trigger menu_items_check before insert or update on public.menu_items
  for each row execute function public.menu_items_check();

create function public.content_blocks_check() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.content !~ '[^[:space:]]' then
    raise exception using errcode = 'check_violation', message = 'El texto del bloque no puede estar vacío: bórralo para volver al texto original de la página.';
  end if;
  if new.section !~ '[^[:space:]]' or new.key !~ '[^[:space:]]' then
    raise exception using errcode = 'check_violation', message = 'La sección y la clave del bloque no pueden estar vacías.';
  end if;
  return new;
end;
$$;
create trigger content_blocks_check before insert or update on public.content_blocks
  for each row execute function public.content_blocks_check();

-- site_routes: the routes of this migration's day (the site server writes the current ones at start)
delete from public.site_routes;
insert into public.site_routes (slug, source) values
  ('admin', 'app'),
  ('agentes-ia', 'page'),
  ('api', 'server'),
  ('app-moviles', 'page'),
  ('assets', 'server'),
  ('auth', 'app'),
  ('automatizacion-ia', 'page'),
  ('aviso-legal', 'page'),
  ('blog', 'app'),
  ('consultoria-digital', 'page'),
  ('consultoria-estrategica', 'page'),
  ('consultoria-ux-ui', 'redirect'),
  ('consultoria-uxui', 'page'),
  ('cookies', 'page'),
  ('desarrollo-a-medida', 'page'),
  ('desarrollo-apis', 'page'),
  ('desarrollo-crm', 'page'),
  ('desarrollo-saas', 'page'),
  ('ecommerce-medida', 'page'),
  ('images', 'server'),
  ('integraciones-crm', 'page'),
  ('prestashop', 'page'),
  ('privacidad', 'page'),
  ('rest', 'server'),
  ('shopify', 'page'),
  ('web-a-medida', 'page'),
  ('woocommerce', 'page'),
  ('workflows-ia', 'page');
