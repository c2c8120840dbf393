import type { FormEvent, ReactNode } from 'react'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card'
import { useAdmin } from '../context'
import { ConflictNotice, type ConflictChoice } from './ConflictNotice'
import { useLeaveGuard } from './unsaved'
import { useSaveShortcut } from './useSaveShortcut'

interface EditorCardProps {
  title: string
  saving: boolean
  onSave: () => void
  /** Called once the user may leave (nothing unsaved, or changes discarded). */
  onCancel: () => void
  children: ReactNode
  saveLabel?: string
  /** h2 when the form replaces its tab's list, h3 when it sits inside the list. */
  headingLevel?: 'h2' | 'h3'
  className?: string
  /** A save refused because someone else saved first (./useGuardedSave.ts). */
  conflict?: ConflictChoice
}

/**
 * Every create/edit form of the panel: its title, fields, Guardar and Cancelar. Ctrl/Cmd+S saves;
 * Cancelar asks before throwing away changes; a read-only (non-staff) account sees the fields disabled.
 */
export function EditorCard({
  title,
  saving,
  onSave,
  onCancel,
  children,
  saveLabel = 'Guardar',
  headingLevel = 'h2',
  className,
  conflict,
}: EditorCardProps) {
  const { canEdit } = useAdmin()
  const mayLeave = useLeaveGuard()
  useSaveShortcut(() => {
    if (!saving) onSave()
  }, canEdit)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!saving) onSave()
  }
  const cancel = async () => {
    if (await mayLeave()) onCancel()
  }

  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle as={headingLevel}>{title}</CardTitle>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate aria-label={title}>
          <fieldset disabled={!canEdit || saving} className="grid min-w-0 gap-5">
            {children}
          </fieldset>
          {conflict && <ConflictNotice {...conflict} />}
          <div className="mt-6 flex flex-col-reverse gap-2 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-end">
            {canEdit && <span className="mr-auto hidden text-xs text-slate-600 sm:inline">Ctrl/⌘ + S para guardar</span>}
            <Button type="button" variant="secondary" onClick={() => void cancel()}>
              Cancelar
            </Button>
            {canEdit && (
              <Button type="submit" disabled={saving} aria-busy={saving}>
                {saving ? 'Guardando...' : saveLabel}
              </Button>
            )}
          </div>
        </form>
      </CardContent>
    </Card>
  )
}
