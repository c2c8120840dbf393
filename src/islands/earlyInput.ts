/**
 * Holds a visitor's first moves on an island until React has taken it over, then plays them back,
 * so the first interaction is never lost. An island starts downloading React on the very pointer or
 * focus event that precedes the click; on a slow connection that takes seconds, and a click, tap,
 * Enter or Space (a button turns each into a click) arriving meanwhile would otherwise do nothing.
 * The page script holds the buttons of behaviours and islands the same way until it has loaded them
 * (renderer/pageBootstrap.ts): `holds` says which buttons of `area` are held.
 *
 * - A click on a button is stopped before anything else sees it and replayed once hydrated. Only the
 *   latest counts: two impatient clicks on a toggle should leave it open, not open and closed again.
 *   Links and form fields work natively without React, so their clicks go through untouched.
 * - A mouse resting over the island when it becomes ready gets one pointermove, so a menu that opens
 *   on hover (Radix) opens as if the pointer had just arrived.
 *
 * Written by hand: React replays events only once hydrateRoot has been called, not during the
 * download before it, and no small library covers that gap for a hand-rolled island runtime.
 */
export function holdEarlyInput(
  area: HTMLElement | Document,
  holds: (button: HTMLElement) => boolean = (button) => area.contains(button),
): () => void {
  let clicked: HTMLElement | null = null
  let hovered: Element | null = null
  const onClick = (e: MouseEvent) => {
    const button = e.target instanceof Element ? e.target.closest<HTMLElement>('button, [role="button"]') : null
    if (!button || !holds(button)) return
    // Registered before React's own listeners on this element, so React never sees it twice.
    e.stopImmediatePropagation()
    e.preventDefault()
    clicked = button
  }
  const onOver = (e: PointerEvent) => {
    if (e.pointerType === 'mouse' && e.target instanceof Element) hovered = e.target
  }
  const onOut = (e: PointerEvent) => {
    if (!(e.relatedTarget instanceof Node && area.contains(e.relatedTarget))) hovered = null
  }
  area.addEventListener('click', onClick as EventListener, true)
  area.addEventListener('pointerover', onOver as EventListener)
  // The page script's own hold plays a resting pointer back as a pointermove (renderer/pageBootstrap.ts).
  area.addEventListener('pointermove', onOver as EventListener)
  area.addEventListener('pointerout', onOut as EventListener)
  return () => {
    area.removeEventListener('click', onClick as EventListener, true)
    area.removeEventListener('pointerover', onOver as EventListener)
    area.removeEventListener('pointermove', onOver as EventListener)
    area.removeEventListener('pointerout', onOut as EventListener)
    if (clicked?.isConnected) clicked.click()
    else if (hovered?.isConnected) hovered.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse' }))
  }
}
