import { useId, type ReactNode } from 'react'
import { buttonVariants, type ButtonVariantProps } from '../../components/ui/buttonVariants'
import { cn } from '../../lib/cn'
import { ACCEPT_ATTRIBUTE } from './mediaLibrary'

/**
 * A button that opens the file chooser for images: a label styled as a button around a visually hidden file
 * input, so it is reached with Tab and opened with Enter or Space like the input itself.
 */
export function FileChooser(
  props: ButtonVariantProps & { children: ReactNode; multiple?: boolean; onFiles: (files: File[]) => void; className?: string },
) {
  const id = useId()
  return (
    <label
      htmlFor={id}
      className={cn(
        buttonVariants({ variant: props.variant, size: props.size }),
        'cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-brand-500',
        props.className,
      )}
    >
      {props.children}
      <input
        id={id}
        type="file"
        multiple={props.multiple}
        accept={ACCEPT_ATTRIBUTE}
        className="sr-only"
        onChange={(e) => {
          props.onFiles([...(e.target.files ?? [])])
          e.target.value = ''
        }}
      />
    </label>
  )
}
