import { useId } from 'react'
import { Input } from '../../components/ui/input'
import { Label } from '../../components/ui/label'
import { madridDay } from '../../lib/dates'
import { cn } from '../../lib/cn'
import { presets, type PeriodChoice } from './period'

interface PeriodPickerProps {
  choice: PeriodChoice
  /** The last custom range typed, kept while a preset is chosen. */
  custom: { from: string; to: string }
  error?: string
  onChange: (choice: PeriodChoice) => void
}

const segment =
  'inline-flex h-9 items-center justify-center rounded-lg px-3 text-sm font-medium whitespace-nowrap text-slate-700 transition-colors hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-500 aria-pressed:bg-white aria-pressed:text-slate-950 aria-pressed:shadow-sm'

/** Hoy, 7 días, 30 días, 12 meses or Personalizado, with its two dates. */
export function PeriodPicker({ choice, custom, error, onChange }: PeriodPickerProps) {
  const id = useId()
  const today = madridDay()
  const isCustom = choice.kind === 'custom'
  // «Desde» and «Hasta»: a day up to today, both marked invalid (and pointing at the one message) when the range is.
  const dayField = (end: 'from' | 'to', label: string) =>
    choice.kind === 'custom' && (
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-${end}`}>{label}</Label>
        <Input
          id={`${id}-${end}`}
          type="date"
          className="sm:w-44"
          value={choice[end]}
          max={today}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${id}-error` : undefined}
          onChange={(e) => onChange({ ...choice, [end]: e.target.value })}
        />
      </div>
    )
  return (
    <div className="grid gap-3">
      <div role="group" aria-label="Periodo" className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 sm:inline-flex sm:w-fit">
        {presets.map((p) => (
          <button
            key={p.id}
            type="button"
            className={segment}
            aria-pressed={choice.kind === 'preset' && choice.preset === p.id}
            onClick={() => onChange({ kind: 'preset', preset: p.id })}
          >
            {p.label}
          </button>
        ))}
        <button type="button" className={cn(segment, 'col-span-2')} aria-pressed={isCustom} onClick={() => onChange({ kind: 'custom', ...custom })}>
          Personalizado
        </button>
      </div>
      {isCustom && (
        <div className="grid grid-cols-2 gap-3 sm:flex sm:items-end">
          {dayField('from', 'Desde')}
          {dayField('to', 'Hasta')}
        </div>
      )}
      {isCustom && error && (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  )
}
