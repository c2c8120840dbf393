import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../../lib/database.types'
import { Copy } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { authError, CODE_REQUIRED, oneTimeCode } from '../auth/authMessages'
import { CodeField } from './CodeField'

interface Enrolment {
  factorId: string
  /** GoTrue's SVG QR code as a data: URL (auth-js makes it one). */
  qrCode: string
  secret: string
}

const FRIENDLY_NAME = 'Aplicación de autenticación'

/**
 * Enrolment: a new TOTP factor (its QR code and, for whoever cannot scan, its secret as text), then the
 * first code from the app, which verifies the factor and raises this session to aal2.
 */
export function EnrolForm({ supabase, onEnabled }: { supabase: SupabaseClient<Database>; onEnabled: () => void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null)
  const [typed, setTyped] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)

  const start = async () => {
    setBusy(true)
    setError(null)
    // An enrolment left unfinished earlier would stand in the way of a new one with the same name.
    const { data: factors } = await supabase.auth.mfa.listFactors()
    for (const stale of factors?.all.filter((f) => f.status === 'unverified') ?? []) await supabase.auth.mfa.unenroll({ factorId: stale.id })
    const { data, error: failure } = await supabase.auth.mfa.enroll({ factorType: 'totp', friendlyName: FRIENDLY_NAME })
    setBusy(false)
    if (failure) return setError(authError(failure))
    setEnrolment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret })
  }

  const verify = async (event: FormEvent) => {
    event.preventDefault()
    const code = oneTimeCode(typed)
    if (!enrolment) return
    if (!code) return setError(CODE_REQUIRED)
    setBusy(true)
    setError(null)
    const { error: failure } = await supabase.auth.mfa.challengeAndVerify({ factorId: enrolment.factorId, code })
    setBusy(false)
    if (failure) return setError(authError(failure))
    onEnabled()
  }

  if (!enrolment) {
    return (
      <div className="grid gap-3">
        <p className="text-sm text-slate-700">
          Además de tu contraseña, al entrar te pediremos un código de 6 cifras que cambia cada 30 segundos. Necesitas una aplicación de autenticación
          en el móvil: Google Authenticator, Microsoft Authenticator, 1Password, Bitwarden…
        </p>
        <p role="alert" className={error ? 'text-sm font-medium text-red-700' : 'sr-only'}>
          {error ?? ''}
        </p>
        <Button onClick={() => void start()} disabled={busy} aria-busy={busy} className="justify-self-start">
          {busy ? 'Preparando...' : 'Activar la verificación en dos pasos'}
        </Button>
      </div>
    )
  }

  const copySecret = async () => {
    await navigator.clipboard.writeText(enrolment.secret)
    setCopied(true)
  }

  return (
    <form onSubmit={(e) => void verify(e)} noValidate className="grid gap-4">
      <ol className="grid list-decimal gap-4 pl-5 text-sm text-slate-700 marker:font-semibold">
        <li className="grid gap-2">
          <span>Escanea este código QR con tu aplicación de autenticación.</span>
          <img
            src={enrolment.qrCode}
            alt="Código QR para añadir tu cuenta a la aplicación de autenticación"
            width={176}
            height={176}
            className="rounded-lg border border-slate-200 bg-white p-2"
          />
        </li>
        <li className="grid gap-2">
          <span>¿No puedes escanearlo? Escribe esta clave en la aplicación:</span>
          <div className="flex flex-wrap items-center gap-2">
            <code data-testid="totp-secret" className="break-words rounded-md bg-slate-100 px-2 py-1 font-mono text-sm tracking-wide text-slate-900">
              {enrolment.secret.replace(/(.{4})(?=.)/g, '$1 ')}
            </code>
            <Button type="button" variant="outline" size="sm" onClick={() => void copySecret()}>
              <Copy aria-hidden="true" /> Copiar clave
            </Button>
            <span role="status" className="text-sm text-slate-600">
              {copied ? 'Copiada' : ''}
            </span>
          </div>
        </li>
        <li className="grid gap-2">
          <span>Escribe el código que muestra la aplicación para comprobar que funciona.</span>
          <CodeField value={typed} onChange={setTyped} error={error} />
        </li>
      </ol>
      <Button type="submit" disabled={busy} aria-busy={busy} className="justify-self-start">
        {busy ? 'Verificando...' : 'Verificar y activar'}
      </Button>
    </form>
  )
}
