/**
 * The mobile menu's behaviour (markup in MobileMenu.tsx): the toggle opens and closes the panel,
 * each [data-disclosure] button expands its own panel and closes the open one of the same group (one
 * category at a time; a second click collapses it), Escape closes the menu, and choosing a link closes it.
 */
function setExpanded(button: HTMLElement, expanded: boolean): void {
  button.setAttribute('aria-expanded', String(expanded))
  const panel = document.getElementById(button.getAttribute('aria-controls') ?? '')
  if (panel) panel.hidden = !expanded
}

export function mobileMenu(root: HTMLElement): void {
  const toggle = root.querySelector<HTMLButtonElement>('[data-menu-toggle]')
  if (!toggle) return
  const isOpen = () => toggle.getAttribute('aria-expanded') === 'true'
  const setOpen = (open: boolean) => {
    setExpanded(toggle, open)
    toggle.setAttribute('aria-label', open ? 'Cerrar menú' : 'Abrir menú')
  }
  toggle.addEventListener('click', () => setOpen(!isOpen()))
  root.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null
    if (target?.closest('a')) return setOpen(false)
    const button = target?.closest<HTMLElement>('[data-disclosure]')
    if (!button) return
    const expand = button.getAttribute('aria-expanded') !== 'true'
    if (expand) {
      for (const other of root.querySelectorAll<HTMLElement>(`[data-disclosure="${button.dataset.disclosure}"][aria-expanded="true"]`))
        setExpanded(other, false)
    }
    setExpanded(button, expand)
  })
  document.addEventListener('keydown', (e) => {
    if (e.key !== 'Escape' || !isOpen()) return
    setOpen(false)
    toggle.focus()
  })
}
