import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** Text input styled like the rest of the admin; `aria-invalid` turns the border red. */
export function Input({ className, type = 'text', ...props }: ComponentProps<'input'>) {
  return <input type={type} className={cn(fieldClasses, 'h-10', className)} {...props} />
}

/** Shared by Input and Textarea so both look and focus alike. */
export const fieldClasses =
  'block w-full min-w-0 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-500 transition-colors focus-visible:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-0 focus-visible:outline-brand-500/40 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-600 aria-[invalid=true]:border-red-600'
