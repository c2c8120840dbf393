/**
 * What the save would refuse in a draft, over the live preview (src/pageData/draft.server.ts), in the save's
 * own words: the page is still shown as far as it can be, and staff see why it could not be published yet.
 */
export function PreviewProblems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null
  return (
    <div role="alert" className="fixed inset-x-0 bottom-0 z-50 border-t border-red-300 bg-red-50 px-4 py-3 text-sm text-red-900 shadow-lg">
      <p className="font-semibold">No se podría guardar así:</p>
      <ul className="mt-1 list-disc pl-5">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    </div>
  )
}
