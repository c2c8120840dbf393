-- Redirect paths compared as the site compares them (src/server/site/redirectMap.ts, redirectKey): percent-
-- decoded, without a trailing slash. Compared as written, `/a → /%61`, `/b → /b%2F`, or `/q → /%70` after
-- `/p → /q` passed the self and loop checks, and each answered 301 to itself for ever. Sources are stored
-- decoded, so one path is one row whatever its spelling. A target is also refused when a browser could read
-- it as another host: the site's Location is the target resolved as a URL, so `/.//evil.example` (a dot
-- segment, `%2e` included, before an empty one) would answer `Location: //evil.example`; a site path has no
-- empty segment (`//`) and no `.` or `..` segment. Encoded control characters are refused in both.

-- decodeURIComponent's result, or the text as written when it does not decode (a malformed escape, bytes
-- that are not UTF-8, or a NUL, which text cannot hold): the same path the site's redirectKey compares.
create function public.redirect_decode(path text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  bytes bytea := ''::bytea;
  i int := 1;
  n int := length(path);
  c text;
begin
  if position('%' in path) = 0 then
    return path;
  end if;
  while i <= n loop
    c := substr(path, i, 1);
    if c = '%' then
      if substr(path, i + 1, 2) !~ '^[0-9A-Fa-f]{2}$' then
        return path;
      end if;
      bytes := bytes || decode(substr(path, i + 1, 2), 'hex');
      i := i + 3;
    else
      bytes := bytes || convert_to(c, 'UTF8');
      i := i + 1;
    end if;
  end loop;
  return convert_from(bytes, 'UTF8');
exception when others then
  return path;
end;
$$;
grant execute on function public.redirect_decode(text) to anon, authenticated, service_role;

-- The path a site target leads to, for comparing with sources: no query or fragment, decoded, no trailing
-- slash. Null for an absolute URL (another site, or this one under its full address: never compared).
create or replace function public.redirect_path(target text) returns text
language sql
immutable
set search_path = ''
as $$
  select case when target ~ '^/' then
    coalesce(nullif(regexp_replace(public.redirect_decode(split_part(split_part(target, '#', 1), '?', 1)), '/+$', ''), ''), '/')
  end;
$$;

create or replace function public.redirects_check() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  target_path text;
  onward text;
begin
  new.source := btrim(new.source);
  if new.source !~ '^/([^/]|$)' or new.source ~ '[[:space:][:cntrl:]\\?#]' or new.source ~* '%([01][0-9a-f]|7f)' then
    raise exception using errcode = 'check_violation',
      message = format('La ruta de origen «%s» no es válida: escribe una ruta del sitio que empiece por / (por ejemplo, /blog/nombre-antiguo), sin espacios, ? ni #.', new.source);
  end if;
  -- Stored as the site compares it: decoded, no trailing slash.
  new.source := public.redirect_path(new.source);
  if public.redirect_reserved(new.source) then
    raise exception using errcode = 'check_violation',
      message = format('La ruta %s es del propio sitio: no se puede redirigir.', new.source);
  end if;
  if (new.source ~ '^/blog/[^/]+$' and exists (select 1 from public.blog_posts p where p.published and p.slug = substr(new.source, 7)))
    or (new.source ~ '^/[^/]+$' and exists (select 1 from public.pages g where g.published and g.slug = substr(new.source, 2))) then
    raise exception using errcode = 'check_violation',
      message = format('La ruta %s es la de una publicación: cambia su slug o despublícala antes de redirigirla.', new.source);
  end if;

  if new.status = 410 then
    new.target := null;
    return new;
  end if;
  new.target := nullif(btrim(coalesce(new.target, '')), '');
  if new.target is null then
    raise exception using errcode = 'check_violation', message = 'Escribe el destino: una ruta del sitio (/blog/nuevo) o una URL http(s).';
  end if;
  if new.target ~ '[[:space:][:cntrl:]\\]' or new.target ~* '%([01][0-9a-f]|7f)'
    or not (new.target ~ '^/($|[^/])' or new.target ~ '^https?://[^/?#]+')
    -- A site path with an empty or a dot segment: resolved as a URL it can begin with //, another host.
    or (new.target ~ '^/' and split_part(split_part(new.target, '#', 1), '?', 1) ~* '//|/(\.|%2e){1,2}(/|$)') then
    raise exception using errcode = 'check_violation',
      message = format('El destino «%s» no es válido: usa una ruta del sitio (/blog/nuevo) o una URL que empiece por http:// o https://.', new.target);
  end if;
  target_path := public.redirect_path(new.target);
  if target_path = new.source then
    raise exception using errcode = 'check_violation', message = format('La redirección de %s no puede llevar a sí misma.', new.source);
  end if;
  -- One hop: a target that is itself redirected is replaced by where that redirect leads (sources written
  -- before they were stored decoded are compared decoded too).
  select r.target into onward from public.redirects r
    where public.redirect_path(r.source) = target_path and r.status <> 410 and r.id is distinct from new.id;
  if found then
    if public.redirect_path(onward) = new.source then
      raise exception using errcode = 'check_violation',
        message = format('La redirección formaría un bucle: %s ya lleva a %s.', target_path, new.source);
    end if;
    new.target := onward;
  end if;
  return new;
end;
$$;
