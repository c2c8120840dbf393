/**
 * Turns what PostgREST and Postgres answer into Spanish a member of staff can act on (docs/decisions/0010-cms-editing-rules.md: a
 * slug clash gets a clear Spanish error, not a raw constraint name). Anything not recognised keeps the
 * server's own message.
 */
export interface ServerError {
  message: string
  code?: string
  details?: string | null
  hint?: string | null
  status?: number
}

/** The hints the team's triggers raise (supabase/migrations/*_staff_roles.sql, *_two_factor_enforcement.sql), which no other message explains. */
const teamRules: Record<string, string> = {
  last_admin: 'El equipo debe conservar al menos un administrador: nombra antes a otra persona administradora.',
  remove_self: 'No puedes quitarte el acceso a ti mismo: pídeselo a otro administrador.',
  two_factor_first:
    'Para exigir la verificación en dos pasos al equipo, actívala antes en tu cuenta y entra con ella: si no, tampoco tú podrías guardar cambios.',
}

/** What the admin says about a value it refuses; the same words when the database refuses it. */
export const invalidInput = {
  slug: 'El slug solo puede tener letras minúsculas sin acentos, números y guiones (por ejemplo «mi-entrada»).',
  tagSlug: 'El nombre del tag necesita alguna letra o número para formar su URL (solo a-z, 0-9 y guiones).',
  featuredImage: 'La imagen destacada debe ser una URL que empiece por http:// o https://, o una ruta del sitio que empiece por «/».',
} as const

/** The named check constraints of supabase/migrations/20261122000300_slug_and_image_checks.sql. */
const checkConstraints: Record<string, string> = {
  blog_posts_slug_format: invalidInput.slug,
  blog_tags_slug_format: invalidInput.tagSlug,
  blog_posts_featured_image_url: invalidInput.featuredImage,
}

/** Row-level security (or a missing grant or token) refused it. */
export function isPermissionRefusal(error: ServerError): boolean {
  return error.code === '42501' || error.status === 401 || error.status === 403
}

export function describeError(error: ServerError, subject = 'registro'): string {
  const code = error.code ?? ''
  const rule = error.hint ? teamRules[error.hint] : undefined
  if (rule) return rule
  if (code === '23505' || error.status === 409) {
    // Postgres names the constraint ("blog_posts_slug_key") and, where it can, the key ("Key (slug)=...").
    const text = `${error.message} ${error.details ?? ''}`
    const field = /slug/i.test(text) ? 'slug' : /name/i.test(text) ? 'nombre' : /source/i.test(text) ? 'ruta' : null
    return field === 'ruta'
      ? `Ya existe ${subject} desde esa ruta: edítala en la lista.`
      : field === 'slug'
        ? `Ya existe ${subject} con ese slug. Elige otro slug: cada URL debe ser única.`
        : field === 'nombre'
          ? `Ya existe ${subject} con ese nombre.`
          : `Ya existe ${subject} con esos datos.`
  }
  if (isPermissionRefusal(error)) {
    return 'Tu cuenta no tiene permiso para hacer cambios. Pide acceso al equipo.'
  }
  if (code === '23514') {
    // Postgres names the constraint in the message: 'violates check constraint "blog_posts_slug_format"'.
    const name = /constraint "([^"]+)"/.exec(error.message)?.[1]
    return (name && checkConstraints[name]) || `Hay un dato no válido: ${error.message}`
  }
  return error.message
}
