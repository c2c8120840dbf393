import { Button } from '../../components/ui/button'

export interface ConflictChoice {
  /** conflictMessage(): who-knows-when, in Madrid time. */
  message: string
  /** Drop this draft and open what is saved now. */
  onShowTheirs: () => void
  /** Save this draft over their version, knowing it; absent when their version is a deletion. */
  onOverwrite?: () => void
}

/** A refused save's explanation and the two ways on, above the form's buttons; the draft stays as typed. */
export function ConflictNotice({ message, onShowTheirs, onOverwrite }: ConflictChoice) {
  return (
    <div role="alert" className="mt-6 grid gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-semibold">{message}</p>
      <p>No se ha guardado nada. Puedes ver su versión (se descartan tus cambios) o sobrescribirla con la tuya.</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="button" variant="secondary" onClick={onShowTheirs}>
          Ver su versión
        </Button>
        {onOverwrite && (
          <Button type="button" variant="destructive" onClick={onOverwrite}>
            Sobrescribir con mis cambios
          </Button>
        )}
      </div>
    </div>
  )
}
