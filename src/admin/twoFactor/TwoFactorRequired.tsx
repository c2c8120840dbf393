import { ShieldAlert } from 'lucide-react'
import type { ReactNode } from 'react'
import { PanelNotice } from '../shell/PanelNotice'

/** Above the panel for staff without a factor while the team requires one: the database refuses their writes. */
export function TwoFactorRequired({ action }: { action: ReactNode }) {
  return (
    <PanelNotice icon={ShieldAlert} title="El equipo exige la verificación en dos pasos" action={action}>
      Actívala en tu cuenta para poder guardar cambios: hasta entonces solo puedes consultar el contenido.
    </PanelNotice>
  )
}
