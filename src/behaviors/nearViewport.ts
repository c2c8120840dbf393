/** Calls back once when the element comes within 300 px of the viewport (then stops watching). */
export function whenNearViewport(el: Element, callback: () => void): void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return
      observer.disconnect()
      callback()
    },
    { rootMargin: '300px 0px' },
  )
  observer.observe(el)
}
