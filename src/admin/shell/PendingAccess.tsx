import { Clock } from 'lucide-react'

/** What a signed-in account that is not staff sees above the (read-only) panel. */
export function PendingAccess({ email }: { email: string }) {
  return (
    <section
      role="status"
      aria-labelledby="pending-access-title"
      className="mb-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <Clock className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <h2 id="pending-access-title" className="font-semibold">
          Tu cuenta está pendiente de acceso
        </h2>
        <p className="mt-1 text-sm">
          Has iniciado sesión como {email}, pero todavía no formas parte del equipo editorial. Puedes consultar el contenido publicado; para crear,
          editar o eliminar, pide a un administrador que te dé acceso.
        </p>
      </div>
    </section>
  )
}
