import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { CircleCheck, ShieldCheck } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { formatDateTime } from '../../lib/dates'
import { authError } from '../auth/authMessages'
import { EnrolForm } from './EnrolForm'
import type { TwoFactor } from './useTwoFactor'

interface TwoFactorDialogProps {
  supabase: SupabaseClient<Database>
  twoFactor: TwoFactor
  /** The button that opens it (the header's, or the notice's «Activar ahora»). */
  trigger: (open: () => void) => ReactNode
}

/** «Verificación en dos pasos» for the signed-in person: enrol (QR code or secret, first code), see it, remove it. */
export function TwoFactorDialog({ supabase, twoFactor, trigger }: TwoFactorDialogProps) {
  const [open, setOpen] = useState(false)
  const [justEnabled, setJustEnabled] = useState(false)
  // Said inside the dialog: a modal dialog hides the page's toasts from assistive technology.
  const [removed, setRemoved] = useState(false)

  const changeOpen = (next: boolean) => {
    setOpen(next)
    setRemoved(false)
    // Reloaded only once the success has been read: the notice that may hold this dialog goes away with it.
    if (!next && justEnabled) {
      setJustEnabled(false)
      void twoFactor.reload()
    }
  }

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      {/* Radix returns focus to this button when the dialog closes. */}
      {trigger(() => setOpen(true))}
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <DialogTitle>Verificación en dos pasos</DialogTitle>
        <DialogDescription>Protege tu cuenta con un código de tu móvil además de la contraseña.</DialogDescription>
        {justEnabled ? (
          <Enabled onClose={() => changeOpen(false)} />
        ) : twoFactor.factor ? (
          <Active supabase={supabase} twoFactor={twoFactor} onRemoved={() => setRemoved(true)} />
        ) : twoFactor.factor === null ? (
          <>
            <p role="status" className={removed ? 'text-sm font-medium text-slate-900' : 'sr-only'}>
              {removed ? 'Verificación en dos pasos desactivada: para entrar bastará con tu contraseña.' : ''}
            </p>
            <EnrolForm supabase={supabase} onEnabled={() => setJustEnabled(true)} />
          </>
        ) : (
          <p role="status">Cargando...</p>
        )}
      </DialogContent>
    </Dialog>
  )
}

function Enabled({ onClose }: { onClose: () => void }) {
  return (
    <div role="status" className="grid gap-3">
      <p className="flex items-center gap-2 font-semibold text-emerald-800">
        <CircleCheck className="size-5" aria-hidden="true" /> Verificación en dos pasos activada
      </p>
      <p className="text-sm text-slate-700">
        A partir de ahora, al iniciar sesión te pediremos el código de tu aplicación. Las demás sesiones abiertas con tu cuenta se han cerrado.
      </p>
      <Button onClick={onClose} className="justify-self-start">
        Cerrar
      </Button>
    </div>
  )
}

function Active({ supabase, twoFactor, onRemoved }: { supabase: SupabaseClient<Database>; twoFactor: TwoFactor; onRemoved: () => void }) {
  const [confirming, setConfirming] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const factor = twoFactor.factor!

  const remove = async () => {
    setBusy(true)
    setError(null)
    const { error: failure } = await supabase.auth.mfa.unenroll({ factorId: factor.id })
    if (!failure) await supabase.auth.refreshSession()
    setBusy(false)
    if (failure) return setError(authError(failure))
    onRemoved()
    await twoFactor.reload()
  }

  return (
    <div className="grid gap-3">
      <p className="flex items-center gap-2 font-semibold text-emerald-800">
        <ShieldCheck className="size-5" aria-hidden="true" /> Activada desde el {formatDateTime(factor.created_at)}
      </p>
      <p className="text-sm text-slate-700">Al iniciar sesión te pedimos el código de tu aplicación de autenticación.</p>
      {confirming ? (
        <div className="grid gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm text-red-900">
            {twoFactor.required
              ? 'El equipo exige la verificación en dos pasos: sin ella no podrás guardar cambios hasta que vuelvas a activarla.'
              : 'Bastará con tu contraseña para entrar en el panel.'}
          </p>
          <div className="flex flex-wrap gap-2">
            <Button variant="destructive" onClick={() => void remove()} disabled={busy} aria-busy={busy}>
              {busy ? 'Desactivando...' : 'Sí, desactivar'}
            </Button>
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancelar
            </Button>
          </div>
        </div>
      ) : (
        <Button variant="outline" className="justify-self-start text-red-700" onClick={() => setConfirming(true)}>
          Desactivar
        </Button>
      )}
      <p role="alert" className={error ? 'text-sm font-medium text-red-700' : 'sr-only'}>
        {error ?? ''}
      </p>
    </div>
  )
}
