import { History, X } from 'lucide-react'
import { useRef, useState } from 'react'
import { Button } from '../../components/ui/button'
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogTitle, DialogTrigger } from '../../components/ui/dialog'
import { madridDateTime } from '../../lib/madridTime'
import { cn } from '../../lib/cn'
import { uiText } from '../../lib/uiText'
import type { ToastInput } from '../../lib/toast'
import { useAdmin } from '../context'
import { changedFields, comparableText, operationLabel, type HistoryTable, type RevisionRow } from './revisions'
import { TextDiff } from './TextDiff'
import { useHistory } from './useHistory'

interface HistoryProps {
  table: HistoryTable
  id: string | number
  /** The record's name, for the button's and the dialog's titles. */
  title: string
  /** A feminine noun for messages ("entrada", "página"): «Otra persona guardó cambios en esta entrada…». */
  subject: string
  /**
   * Called after a restore, so the tab's list or form shows the restored version: when the dialog closes, or
   * at once when the restore's write ends after the dialog was closed.
   */
  onRestored?: () => void
}

/** «Historial» beside a record: its revisions, a comparison with the current version, and restore. */
export function HistoryButton(props: HistoryProps) {
  const [open, setOpen] = useState(false)
  const isOpen = useRef(false)
  // Reloading the list while the dialog is open would unmount the card the dialog belongs to.
  const restored = useRef(false)
  const onRestored = useRef(props.onRestored)
  onRestored.current = props.onRestored
  const openChange = (next: boolean) => {
    setOpen(next)
    isOpen.current = next
    if (!next && restored.current) {
      restored.current = false
      onRestored.current?.()
    }
  }
  const written = () => {
    if (isOpen.current) restored.current = true
    else onRestored.current?.()
  }
  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm" className="text-slate-700" aria-label={`Historial de «${props.title}»`}>
          <History aria-hidden="true" /> Historial
        </Button>
      </DialogTrigger>
      {open && (
        <DialogContent
          className="max-h-[calc(100dvh-2rem)] max-w-5xl overflow-y-auto"
          // After a restore the restore button goes away with the focus in it: that is no reason to close.
          onFocusOutside={(event) => event.preventDefault()}
        >
          <HistoryPanel {...props} onRestored={written} />
          {/* Phones have no Escape key: a visible way out. */}
          <DialogClose asChild>
            <Button variant="ghost" size="sm" className="absolute right-3 top-3" aria-label={uiText.close}>
              <X aria-hidden="true" />
            </Button>
          </DialogClose>
        </DialogContent>
      )}
    </Dialog>
  )
}

function HistoryPanel({ table, id, title, subject, onRestored }: HistoryProps) {
  const { canEdit } = useAdmin()
  const history = useHistory(table, id, subject)
  const [selectedId, setSelectedId] = useState<number | null>(null)
  const [restoring, setRestoring] = useState(false)
  const selected = history.revisions.find((r) => r.id === selectedId) ?? history.revisions[0]

  const restore = async (revision: RevisionRow) => {
    setRestoring(true)
    await history.restore(revision, () => onRestored?.())
    setRestoring(false)
  }

  return (
    <>
      <DialogTitle className="pr-10">Historial de «{title}»</DialogTitle>
      <DialogDescription>Las versiones guardadas, de la más reciente a la más antigua. Elige una para compararla con la actual.</DialogDescription>
      <RestoreNotice notice={history.notice} />
      {history.loading && history.revisions.length === 0 ? (
        <p role="status">Cargando...</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-[minmax(0,16rem)_minmax(0,1fr)]">
          <ol aria-label="Versiones" className="grid max-h-72 content-start gap-1 overflow-y-auto md:max-h-[60vh]">
            {history.revisions.map((revision, index) => (
              <li key={revision.id}>
                <button
                  type="button"
                  aria-pressed={revision.id === selected?.id}
                  onClick={() => {
                    setSelectedId(revision.id)
                    history.clearNotice()
                  }}
                  className={cn(
                    'w-full rounded-md border px-3 py-2 text-left text-sm',
                    revision.id === selected?.id ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50',
                  )}
                >
                  <span className="block font-medium text-slate-900">{madridDateTime(revision.changed_at)}</span>
                  <span className="block break-words text-slate-600">
                    {operationLabel(revision.operation)} · {revision.changed_by_email ?? 'Sin autor (SQL u otro cliente)'}
                    {index === 0 && ' · la más reciente'}
                  </span>
                </button>
              </li>
            ))}
          </ol>
          {selected && history.current && (
            <Comparison
              table={table}
              revision={selected}
              current={history.current}
              canRestore={canEdit && selected.operation !== 'DELETE'}
              restoring={restoring}
              onRestore={() => void restore(selected)}
            />
          )}
        </div>
      )}
    </>
  )
}

/** Always in the page, so a screen reader announces what is put in it. */
function RestoreNotice({ notice }: { notice: ToastInput | null }) {
  const destructive = notice?.variant === 'destructive'
  return (
    <div role="status" aria-label="Resultado de la restauración">
      {notice && (
        <div
          className={cn(
            'rounded-md border p-3 text-sm',
            destructive ? 'border-red-300 bg-red-50 text-red-900' : 'border-green-300 bg-green-50 text-green-900',
          )}
        >
          <p className="font-semibold">{notice.title}</p>
          {notice.description && <p>{notice.description}</p>}
        </div>
      )}
    </div>
  )
}

interface ComparisonProps {
  table: HistoryTable
  revision: RevisionRow
  current: Record<string, unknown>
  canRestore: boolean
  restoring: boolean
  onRestore: () => void
}

function Comparison({ table, revision, current, canRestore, restoring, onRestore }: ComparisonProps) {
  const record = revision.record as Record<string, unknown>
  const fields = changedFields(record, current)
  const before = comparableText(table, record)
  const now = comparableText(table, current)
  return (
    <section aria-label="Comparación con la versión actual" className="grid min-w-0 content-start gap-3">
      <h3 className="font-semibold text-slate-900">Esta versión comparada con la actual</h3>
      <p className="text-sm text-slate-700">
        {fields.length ? (
          <>
            Campos distintos: <strong>{fields.join(', ')}</strong>
          </>
        ) : (
          'Igual que la versión actual.'
        )}
      </p>
      {before !== null && now !== null && before !== now && (
        <>
          <p className="text-xs text-slate-600">− solo en esta versión · + solo en la actual</p>
          <TextDiff revision={before} current={now} />
        </>
      )}
      {canRestore && fields.length > 0 && (
        <div>
          <Button type="button" onClick={onRestore} disabled={restoring} aria-busy={restoring}>
            {restoring ? 'Restaurando...' : 'Restaurar esta versión'}
          </Button>
          <p className="mt-2 text-xs text-slate-600">Se guarda como una versión nueva; el estado de publicación actual no cambia.</p>
        </div>
      )}
    </section>
  )
}
