import { useId, type ReactNode } from 'react'
import { Label } from '../../components/ui/label'
import { cn } from '../../lib/cn'

export interface ControlProps {
  id: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean
}

interface FieldProps {
  label: string
  /** Help under the field, read out with it. */
  hint?: ReactNode
  /** A problem with the value; marks the control invalid and is announced. */
  error?: string | null
  /** Right-aligned beside the label, e.g. a live "42/60" counter. */
  aside?: ReactNode
  className?: string
  children: (control: ControlProps) => ReactNode
}

/** The id of the label of the control whose id is `controlId`: for a control a `<label for>` cannot name (an editor that is not a form element). */
export const labelIdOf = (controlId: string) => `${controlId}-label`

/** A labelled form control with its hint and error wired up through aria-describedby. */
export function Field({ label, hint, error, aside, className, children }: FieldProps) {
  const id = useId()
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const asideId = `${id}-aside`
  const describedBy = [aside ? asideId : null, hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined
  return (
    <div className={cn('grid gap-1.5', className)}>
      <div className="flex items-baseline justify-between gap-3">
        <Label id={labelIdOf(id)} htmlFor={id}>
          {label}
        </Label>
        {aside && (
          <span id={asideId} className="text-xs tabular-nums text-slate-600">
            {aside}
          </span>
        )}
      </div>
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {hint && (
        <p id={hintId} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
      <p id={errorId} role="alert" className={cn('text-sm font-medium text-red-700', !error && 'sr-only')}>
        {error ?? ''}
      </p>
    </div>
  )
}
