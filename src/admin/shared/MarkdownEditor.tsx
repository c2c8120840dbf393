import { defaultKeymap, history, historyKeymap } from '@codemirror/commands'
import { Compartment, EditorState } from '@codemirror/state'
import { EditorView, keymap, placeholder as placeholderText } from '@codemirror/view'
import { useLayoutEffect, useMemo, useRef } from 'react'
import { labelIdOf, type ControlProps } from './Field'

interface MarkdownEditorProps {
  control: ControlProps
  value: string
  onChange: (value: string) => void
  placeholder: string
}

/** Its size and type as the form's other fields have them; the frame and focus ring are the wrapper's. */
const look = EditorView.theme({
  '&': { height: '100%', fontSize: '13px', backgroundColor: 'white' },
  '&.cm-focused': { outline: 'none' },
  '.cm-scroller': { fontFamily: 'var(--font-mono, ui-monospace, monospace)', lineHeight: '1.625' },
  '.cm-content': { padding: '0.5rem 0.75rem' },
  '.cm-line': { padding: '0' },
  '.cm-placeholder': { color: 'rgb(100 116 139)' },
})

/**
 * A post's Markdown, in CodeMirror (docs/decisions/0109-markdown-editor-and-preview-requests.md). A textarea holding a 1 MB post made
 * each keystroke a task of 60 to 300 ms in Chromium itself (the editing, the selection and the value over the
 * whole text), whatever the admin did with it; CodeMirror keeps the text in a tree and draws the lines in view, so
 * a key costs the same in a 1 MB post as in a short one. The text is handed to the form on every change; `value`
 * is written into the editor only when it is not what was last typed (another version opened, a draft restored).
 * It is a textbox named by the field's label, with the field's hint and error.
 */
export default function MarkdownEditor({ control, value, onChange, placeholder }: MarkdownEditorProps) {
  const parent = useRef<HTMLDivElement>(null)
  const view = useRef<EditorView | null>(null)
  const typed = useRef(value)
  const changed = useRef(onChange)
  changed.current = onChange
  const { id, 'aria-describedby': describedBy, 'aria-invalid': invalid } = control
  const attributes = useMemo(
    () =>
      EditorView.contentAttributes.of({
        id,
        'aria-labelledby': labelIdOf(id),
        // Focusable as it is (contenteditable), said in so many words for checkers that look for a tab stop in
        // a scrolling box (axe's scrollable-region-focusable).
        tabindex: '0',
        ...(describedBy && { 'aria-describedby': describedBy }),
        ...(invalid && { 'aria-invalid': 'true' }),
      }),
    [id, describedBy, invalid],
  )
  // What the editor is made with; later changes reach it through the effects below.
  const initial = useRef({ attributes, placeholder })
  const compartment = useRef(new Compartment())

  useLayoutEffect(() => {
    const editor = new EditorView({
      parent: parent.current!,
      state: EditorState.create({
        doc: typed.current,
        extensions: [
          history(),
          keymap.of([...defaultKeymap, ...historyKeymap]),
          EditorView.lineWrapping,
          placeholderText(initial.current.placeholder),
          look,
          compartment.current.of(initial.current.attributes),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) return
            const text = update.state.doc.toString()
            if (text === typed.current) return
            typed.current = text
            changed.current(text)
          }),
        ],
      }),
    })
    view.current = editor
    return () => {
      editor.destroy()
      view.current = null
    }
  }, [])

  useLayoutEffect(() => {
    const editor = view.current
    if (!editor || value === typed.current) return
    typed.current = value
    editor.dispatch({ changes: { from: 0, to: editor.state.doc.length, insert: value } })
  }, [value])

  useLayoutEffect(() => {
    view.current?.dispatch({ effects: compartment.current.reconfigure(attributes) })
  }, [attributes])

  return (
    <div
      ref={parent}
      className="h-96 min-h-[15.5rem] resize-y overflow-hidden rounded-lg border border-slate-300 bg-white shadow-sm transition-colors focus-within:border-brand-500 focus-within:outline-2 focus-within:outline-brand-500/40 has-[[aria-invalid=true]]:border-red-600"
    />
  )
}
