/**
 * Turns what PostgREST and Postgres answer into Spanish a member of staff can act on (DECISIONS.md: a
 * slug clash gets a clear Spanish error, not a raw constraint name). Anything not recognised keeps the
 * server's own message, as SPEC.md §8 shows it.
 */
interface ServerError { message: string; code?: string; details?: string | null; status?: number }

export function describeError(error: ServerError, subject = 'registro'): string {
  const code = error.code ?? ''
  if (code === '23505' || error.status === 409) {
    // Postgres names the constraint ("blog_posts_slug_key") and, where it can, the key ("Key (slug)=...").
    const text = `${error.message} ${error.details ?? ''}`
    const field = /slug/i.test(text) ? 'slug' : /name/i.test(text) ? 'nombre' : null
    return field === 'slug'
      ? `Ya existe ${subject} con ese slug. Elige otro slug: cada URL debe ser única.`
      : field === 'nombre'
        ? `Ya existe ${subject} con ese nombre.`
        : `Ya existe ${subject} con esos datos.`
  }
  if (code === '42501' || error.status === 401 || error.status === 403) {
    return 'Tu cuenta no tiene permiso para hacer cambios. Pide acceso al equipo.'
  }
  if (code === '23514') return `Hay un dato no válido: ${error.message}`
  return error.message
}
