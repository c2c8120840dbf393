import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

interface NativeSelectProps extends ComponentProps<'select'> {
  /** The choices, after any <option> given as children. */
  options?: readonly { value: string | number; label: string }[]
}

/**
 * The browser's own <select>, styled like Input: for short fixed lists inside forms (a redirect's type, a block's
 * level), where the native picker suits phones best. Radix's Select (./select.tsx) is for the panel's filters.
 */
export function NativeSelect({ className, options, children, ...props }: NativeSelectProps) {
  return (
    <select className={cn('h-10 rounded-lg border border-slate-300 bg-white px-3 text-sm shadow-sm disabled:opacity-60', className)} {...props}>
      {children}
      {options?.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}
