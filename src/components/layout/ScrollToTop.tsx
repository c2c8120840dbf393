import { Icon } from '../ui/Icon'

/**
 * "Volver arriba": a link to the top of the main content (smooth scroll comes from CSS), shown once
 * ScrollWatcher marks the page as scrolled past 500 px.
 */
export function ScrollToTop() {
  return (
    <a
      href="#main"
      aria-label="Volver arriba"
      title="Volver arriba"
      className="fixed bottom-6 right-6 z-40 hidden size-12 place-items-center rounded-full bg-ink text-white shadow-xl ring-1 ring-white/20 hover:bg-brand-700 in-data-[scrolled-far]:grid lg:bottom-24"
    >
      <Icon name="arrow-up" className="size-5" />
    </a>
  )
}
