import { useId } from 'react'
import { Label } from '../../components/ui/label'
import { Switch } from '../../components/ui/switch'

/** A labelled on/off switch ("Publicada", "No indexar"...). */
export function SwitchField({
  label,
  checked,
  onChange,
  hint,
  disabled,
}: {
  label: string
  checked: boolean
  onChange: (checked: boolean) => void
  hint?: string
  disabled?: boolean
}) {
  const id = useId()
  return (
    <div className="flex items-start gap-3">
      <Switch id={id} checked={checked} disabled={disabled} onCheckedChange={onChange} aria-describedby={hint ? `${id}-hint` : undefined} />
      <div className="grid gap-0.5">
        <Label htmlFor={id} className="cursor-pointer leading-6">
          {label}
        </Label>
        {hint && (
          <p id={`${id}-hint`} className="text-xs text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
