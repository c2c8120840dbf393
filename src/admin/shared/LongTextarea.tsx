import { useLayoutEffect, useRef, type ComponentProps } from 'react'
import { Textarea } from '../../components/ui/textarea'

type LongTextareaProps = Omit<ComponentProps<'textarea'>, 'value' | 'defaultValue' | 'onChange' | 'ref'> & {
  value: string
  onChange: (value: string) => void
}

/**
 * A textarea for a long text (a page's blocks as JSON; a post's Markdown has its own editor, ./MarkdownEditor.tsx).
 * A controlled React textarea reads its whole value back from the page and rewrites its default text on every
 * render, that is on every keystroke: with a 1 MB text, a task of hundreds of milliseconds per key. Here the
 * textarea owns its value while staff type; `value` is written into it only when it is not what was last typed
 * (another version opened, a draft restored). Comparing the two is a pointer check while they are the same string.
 */
export function LongTextarea({ value, onChange, ...props }: LongTextareaProps) {
  const element = useRef<HTMLTextAreaElement>(null)
  const typed = useRef<string | null>(null)
  useLayoutEffect(() => {
    if (element.current && value !== typed.current) {
      element.current.value = value
      typed.current = value
    }
  }, [value])
  return (
    <Textarea
      {...props}
      ref={element}
      onChange={(e) => {
        typed.current = e.target.value
        onChange(e.target.value)
      }}
    />
  )
}
