export const SOLID_HEADER_AFTER_PX = 20
export const SCROLL_TO_TOP_AFTER_PX = 500

/**
 * Marks how far the page is scrolled on <html> (data-scrolled past 20 px, data-scrolled-far past
 * 500 px); the header's background and the "Volver arriba" button follow with CSS alone.
 */
export function scrollState(): void {
  const root = document.documentElement
  const update = () => {
    root.toggleAttribute('data-scrolled', window.scrollY > SOLID_HEADER_AFTER_PX)
    root.toggleAttribute('data-scrolled-far', window.scrollY > SCROLL_TO_TOP_AFTER_PX)
  }
  update()
  window.addEventListener('scroll', update, { passive: true })
}
