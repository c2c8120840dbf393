import { cva, type VariantProps } from 'class-variance-authority'
import type { ButtonVariantName } from '../../siteContent/schema'

/**
 * The site's button variants and sizes, as class names only: islands style links and
 * buttons with them without pulling in the Button component's Radix Slot.
 */
export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        default: 'bg-brand-600 text-white hover:bg-brand-700',
        destructive: 'bg-red-600 text-white hover:bg-red-700',
        outline: 'border border-current/30 bg-transparent hover:bg-current/10',
        secondary: 'bg-slate-100 text-slate-900 hover:bg-slate-200',
        ghost: 'hover:bg-slate-100 hover:text-slate-900',
        link: 'text-brand-600 underline-offset-4 hover:underline',
        hero: 'bg-gradient-to-r from-accent-500 to-brand-500 text-white shadow-lg shadow-brand-500/25 hover:brightness-110',
        accent: 'bg-accent-500 text-ink hover:bg-accent-400',
      } satisfies Record<ButtonVariantName, string>,
      size: {
        default: 'h-10 px-4 py-2 text-sm',
        sm: 'h-9 px-3 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10',
      },
    },
    defaultVariants: { variant: 'default', size: 'default' },
  },
)
export type ButtonVariantProps = VariantProps<typeof buttonVariants>
