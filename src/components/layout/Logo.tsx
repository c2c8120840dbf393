/** The brand mark: an inline SVG glyph plus the brand name as text. */
export function Logo({ brand, className }: { brand: string; className?: string }) {
  return (
    <span className={`flex items-center gap-2 font-bold tracking-tight ${className ?? ''}`}>
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="9" fill="#3b52f0" />
        <path d="M9 23V9l14 14V9" fill="none" stroke="#fff" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <span className="text-lg">{brand}</span>
    </span>
  )
}
