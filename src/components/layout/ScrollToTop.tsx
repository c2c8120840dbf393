import { ArrowUp } from 'lucide-react'
import { useEffect, useState } from 'react'
import { cn } from '../../lib/cn'

export const SHOW_AFTER_PX = 500

/** "Volver arriba": appears once the page is scrolled more than 500 px. */
export default function ScrollToTop() {
  const [visible, setVisible] = useState(false)
  useEffect(() => {
    const update = () => setVisible(window.scrollY > SHOW_AFTER_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  return (
    <button
      type="button"
      aria-label="Volver arriba"
      title="Volver arriba"
      hidden={!visible}
      onClick={() => {
        const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches
        window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' })
        document.getElementById('main')?.focus({ preventScroll: true })
      }}
      className={cn('fixed bottom-6 right-6 z-40 grid size-12 place-items-center rounded-full bg-ink text-white shadow-xl ring-1 ring-white/20 hover:bg-brand-700 lg:bottom-24')}
    >
      <ArrowUp aria-hidden="true" className="size-5" />
    </button>
  )
}
