import { Download, FileText, Search, Trash2 } from 'lucide-react'
import { useEffect, useId, useState, type FormEvent } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog'
import { Input } from '../../components/ui/input'
import { formatDateTime } from '../../lib/dates'
import { useAdmin } from '../context'
import { Field } from '../shared/Field'
import { useIsAdmin } from '../staff'
import { statusLabels } from '../leads/leads'
import { addressProblem, countsLine, heldLine, mailState, type HeldData, type RequestLogEntry } from './dataSubject'
import { useDataSubject } from './useDataSubject'

interface DataSubjectDialogProps {
  /** The address to look up at once (from a lead's detail), or '' to start with the search; null: closed. */
  address: string | null
  onClose: () => void
  /** The business's name, for the summary's title. */
  brand: string
  /** After an erasure, so the list of leads follows. */
  onErased: () => void
}

/**
 * «Datos de una persona» (GDPR arts. 15 and 17): search by e-mail address, everything the product holds about it
 * (leads with the team's notes, messages in the mail queue and the outbox folder), its export as JSON plus a readable
 * summary, and, for admins, the erasure of all of it, irreversible, confirmed by typing the address. The log of
 * requests below says who did what and when, with counts only.
 */
export function DataSubjectDialog({ address, onClose, brand, onErased }: DataSubjectDialogProps) {
  return (
    <Dialog open={address !== null} onOpenChange={(open) => !open && onClose()}>
      {address !== null && (
        <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto p-4 sm:p-6" aria-describedby="data-subject-description">
          <DataSubjectScreen initial={address} brand={brand} onErased={onErased} />
        </DialogContent>
      )}
    </Dialog>
  )
}

function DataSubjectScreen({ initial, brand, onErased }: { initial: string; brand: string; onErased: () => void }) {
  const { supabase, user } = useAdmin()
  const isAdmin = useIsAdmin(supabase, user.id)
  const subject = useDataSubject(brand)
  const [typed, setTyped] = useState(initial)
  const [problem, setProblem] = useState<string | null>(null)
  const { search } = subject

  useEffect(() => {
    if (initial) void search(initial)
  }, [initial]) // eslint-disable-line react-hooks/exhaustive-deps -- once, for the address the screen was opened with

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const wrong = addressProblem(typed)
    setProblem(wrong)
    if (wrong) return subject.clear()
    void search(typed)
  }

  return (
    <div className="grid min-w-0 gap-5">
      <div className="grid gap-1">
        <DialogTitle>Datos de una persona</DialogTitle>
        <DialogDescription id="data-subject-description">
          Derechos de acceso y supresión (RGPD, arts. 15 y 17): todo lo que el sitio guarda sobre una dirección de correo.
        </DialogDescription>
      </div>
      <form
        role="search"
        aria-label="Buscar a una persona por su correo"
        noValidate
        onSubmit={submit}
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
      >
        <Field label="Dirección de correo" error={problem} className="flex-1">
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              spellCheck={false}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              placeholder="persona@empresa.es"
            />
          )}
        </Field>
        <Button type="submit" disabled={subject.busy} className="sm:mb-0">
          <Search aria-hidden="true" /> Buscar
        </Button>
      </form>
      <p role="status" className={subject.erased ? 'rounded-lg border border-green-300 bg-green-50 p-3 text-sm text-green-900' : 'sr-only'}>
        {subject.busy ? 'Buscando...' : subject.held ? `Encontrado: ${heldLine(subject.held)}.` : (subject.erased ?? '')}
      </p>
      {subject.error && (
        <p role="alert" className="text-sm text-red-700">
          {subject.error}
        </p>
      )}
      {subject.held && (
        <Held
          held={subject.held}
          busy={subject.busy}
          isAdmin={isAdmin}
          onDownload={(kind) => void subject.download(kind)}
          onErase={async () => {
            if (await subject.erase()) onErased()
          }}
        />
      )}
      <RequestLog entries={subject.log.rows} loading={subject.log.loading} />
    </div>
  )
}

interface HeldProps {
  held: HeldData
  busy: boolean
  isAdmin: boolean
  onDownload: (kind: 'json' | 'txt') => void
  onErase: () => Promise<void>
}

function Held({ held, busy, isAdmin, onDownload, onErase }: HeldProps) {
  const [confirming, setConfirming] = useState(false)
  const nothing = held.leads.length === 0 && held.mail.length === 0 && held.webhook_deliveries.length === 0
  return (
    <section aria-labelledby="held-title" className="grid min-w-0 gap-4">
      <div className="grid gap-1">
        <h3 id="held-title" className="break-all font-semibold text-slate-900">
          {held.address}
        </h3>
        <p className="text-sm text-slate-700">{nothing ? 'El sitio no guarda ningún dato con esta dirección.' : `Se guarda: ${heldLine(held)}.`}</p>
      </div>
      {held.leads.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Contactos</h4>
          <ul className="grid gap-2" aria-label="Sus contactos">
            {held.leads.map((lead) => (
              <li key={lead.id} className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm">
                <span className="break-words font-medium text-slate-900">{lead.name}</span>
                <span className="text-slate-600">
                  {formatDateTime(lead.created_at)} · {statusLabels[lead.status] ?? lead.status} · desde {lead.page_path}
                  {lead.notes && ' · con notas del equipo'}
                </span>
                <span className="line-clamp-2 whitespace-pre-line break-words text-slate-700">{lead.message}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {held.mail.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Correos que la mencionan</h4>
          <ul className="grid gap-2" aria-label="Correos que la mencionan">
            {held.mail.map((mail) => (
              <li key={mail.id} className="grid gap-0.5 rounded-lg border border-slate-200 p-3 text-sm">
                <span className="break-words font-medium text-slate-900">{mail.message.subject}</span>
                <span className="break-words text-slate-600 [overflow-wrap:anywhere]">
                  {formatDateTime(mail.created_at)} · para {mail.message.to} · {mailState(mail)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
      {held.webhook_deliveries.length > 0 && (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Envíos a otras herramientas (webhooks)</h4>
          <ul className="grid gap-2" aria-label="Envíos a otras herramientas">
            {held.webhook_deliveries.map((delivery) => (
              <li key={delivery.id} className="rounded-lg border border-slate-200 p-3 text-sm text-slate-700">
                {delivery.event} · {formatDateTime(delivery.created_at)}
                {delivery.endpoint && ` · a ${delivery.endpoint}`} · {delivery.delivered_at ? 'entregado' : 'pendiente'}
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        <Button variant="outline" className="text-slate-800" disabled={busy} onClick={() => onDownload('json')}>
          <Download aria-hidden="true" /> Descargar sus datos (JSON)
        </Button>
        <Button variant="outline" className="text-slate-800" disabled={busy} onClick={() => onDownload('txt')}>
          <FileText aria-hidden="true" /> Descargar resumen legible
        </Button>
        {isAdmin && !nothing && !confirming && (
          <Button variant="outline" className="text-red-700 sm:ml-auto" disabled={busy} onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" /> Borrar todos sus datos
          </Button>
        )}
      </div>
      {!isAdmin && !nothing && <p className="text-sm text-slate-600">Solo un administrador del equipo puede borrar sus datos.</p>}
      {confirming && <EraseConfirmation held={held} busy={busy} onCancel={() => setConfirming(false)} onErase={onErase} />}
    </section>
  )
}

/** The erasure cannot be undone: it is confirmed by typing the address, not by one more click. */
function EraseConfirmation({ held, busy, onCancel, onErase }: { held: HeldData; busy: boolean; onCancel: () => void; onErase: () => Promise<void> }) {
  const [typed, setTyped] = useState('')
  const titleId = useId()
  const matches = typed.trim().toLowerCase() === held.address
  return (
    <section aria-labelledby={titleId} className="grid gap-3 rounded-lg border border-red-300 bg-red-50 p-4">
      <h4 id={titleId} className="font-semibold text-red-900">
        ¿Borrar definitivamente todos sus datos?
      </h4>
      <p className="text-sm text-red-900">
        Se borrarán {heldLine(held)}, con las notas del equipo, las copias de la carpeta outbox y el contenido de los envíos a otras herramientas
        (queda constancia de que se enviaron, y se les avisa del borrado). No se puede deshacer. El registro de solicitudes guardará quién lo hizo y
        cuántos datos se borraron, sin datos de la persona.
      </p>
      <Field label="Escribe su dirección de correo para confirmar">
        {(control) => (
          // Focused when it appears, which also scrolls it into view on a phone.
          <Input {...control} autoFocus autoComplete="off" spellCheck={false} value={typed} onChange={(e) => setTyped(e.target.value)} />
        )}
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel}>
          Cancelar
        </Button>
        <Button variant="destructive" disabled={!matches || busy} onClick={() => void onErase()}>
          <Trash2 aria-hidden="true" /> Borrar definitivamente
        </Button>
      </div>
    </section>
  )
}

function RequestLog({ entries, loading }: { entries: RequestLogEntry[]; loading: boolean }) {
  return (
    <section aria-labelledby="request-log-title" className="grid gap-2 border-t border-slate-200 pt-4">
      <h3 id="request-log-title" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Registro de solicitudes
      </h3>
      {loading ? (
        <p className="text-sm text-slate-600">Cargando...</p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-slate-600">Todavía no se ha exportado ni borrado ningún dato.</p>
      ) : (
        <ul className="grid gap-1 text-sm text-slate-700" aria-label="Últimas solicitudes">
          {entries.map((entry) => (
            <li key={entry.id} className="break-words">
              {formatDateTime(entry.created_at)} · {entry.kind === 'erasure' ? 'Borrado' : 'Exportación'} por {entry.staff_email}:{' '}
              {countsLine(entry.counts)}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
