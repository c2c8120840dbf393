import DOMPurify from 'dompurify'
import { marked } from 'marked'
import { useDeferredValue, useMemo } from 'react'

/**
 * The post's Markdown rendered beside the editor. What staff type is sanitised before it is shown,
 * so a pasted <script> or onerror= never runs in the panel.
 */
export function MarkdownPreview({ markdown, id }: { markdown: string; id: string }) {
  // Typing stays responsive on long posts: the preview may lag a keystroke behind.
  const deferred = useDeferredValue(markdown)
  const html = useMemo(() => DOMPurify.sanitize(marked.parse(deferred, { async: false, gfm: true, breaks: false })), [deferred])
  return (
    <section aria-labelledby={`${id}-title`} className="flex min-w-0 flex-col gap-1.5">
      <h3 id={`${id}-title`} className="text-sm font-medium text-slate-800">
        Vista previa
      </h3>
      <div className="min-h-[15.5rem] flex-1 overflow-auto rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
        {deferred.trim() ? (
          <div className="prose prose-sm prose-slate max-w-none break-words" dangerouslySetInnerHTML={{ __html: html }} />
        ) : (
          <p className="text-sm text-slate-600">La vista previa aparecerá aquí mientras escribes.</p>
        )}
      </div>
    </section>
  )
}
