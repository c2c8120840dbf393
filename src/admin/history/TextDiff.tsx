import { diffLines } from 'diff'

/** Unchanged runs longer than this show only their first and last lines. */
const CONTEXT = 3

/**
 * A line diff of two texts (jsdiff): lines only in the revision struck through in red, lines only in the
 * current version underlined in green, long unchanged runs folded. Colour is never the only cue: each
 * changed line starts with − or + and the two kinds are <del> and <ins>.
 */
export function TextDiff({ revision, current }: { revision: string; current: string }) {
  const parts = diffLines(revision, current)
  if (parts.every((part) => !part.added && !part.removed)) return <p className="text-sm text-slate-600">El texto es igual al actual.</p>
  return (
    <pre className="max-h-80 overflow-auto whitespace-pre-wrap break-words rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-5">
      {parts.map((part, index) => {
        const lines = part.value.replace(/\n$/, '').split('\n')
        if (part.removed)
          return (
            <del key={index} className="block bg-red-50 text-red-800 decoration-red-400">
              {lines.map((line) => `− ${line}`).join('\n')}
            </del>
          )
        if (part.added)
          return (
            <ins key={index} className="block bg-emerald-50 text-emerald-900 no-underline">
              {lines.map((line) => `+ ${line}`).join('\n')}
            </ins>
          )
        const shown = lines.length > CONTEXT * 2 ? [...lines.slice(0, CONTEXT), '⋯', ...lines.slice(-CONTEXT)] : lines
        return (
          <span key={index} className="block text-slate-600">
            {shown.map((line) => `  ${line}`).join('\n')}
          </span>
        )
      })}
    </pre>
  )
}
