import { Clock } from 'lucide-react'
import { PanelNotice } from './PanelNotice'

/** What a signed-in account that is not staff sees above the (read-only) panel. */
export function PendingAccess({ email }: { email: string }) {
  return (
    <PanelNotice icon={Clock} title="Tu cuenta está pendiente de acceso">
      Has iniciado sesión como {email}, pero todavía no formas parte del equipo editorial. Puedes consultar el contenido publicado; para crear, editar
      o eliminar, pide a un administrador que te dé acceso.
    </PanelNotice>
  )
}
