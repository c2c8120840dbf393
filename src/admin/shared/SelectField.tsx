import { useId, type ReactNode } from 'react'
import { Label } from '../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select'
import { cn } from '../../lib/cn'

export interface SelectOption {
  value: string
  label: string
}

interface SelectFieldProps {
  label: string
  value: string | undefined
  onChange: (value: string) => void
  /** The choices, in order. */
  options?: readonly SelectOption[]
  /** Items of their own shown before `options` («Todos», «Sin asignar», a grouped list...). */
  children?: ReactNode
  /** What the trigger says while nothing is chosen. */
  placeholder?: string
  disabled?: boolean
  /** The field's own width or place, e.g. "sm:w-72". */
  className?: string
  triggerClassName?: string
}

/** A labelled pick-one list of the panel (Radix Select): a page, a period, a filter, a person of the team. */
export function SelectField({ label, value, onChange, options, children, placeholder, disabled, className, triggerClassName }: SelectFieldProps) {
  const id = useId()
  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange} disabled={disabled}>
        <SelectTrigger id={id} className={triggerClassName}>
          <SelectValue placeholder={placeholder} />
        </SelectTrigger>
        <SelectContent>
          {children}
          {options?.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  )
}
