import { ChevronDown, Menu, X } from 'lucide-react'
import { useEffect, useId, useState, type ReactNode } from 'react'
import type { NavLink } from '../../content/schema'
import type { MenuCategory } from '../../content/registry'
import { navHref } from '../../lib/nav'
import { buttonVariants } from '../ui/button-variants'
import { SpriteIcon } from '../ui/SpriteIcon'

/**
 * The mobile menu: a toggle, "Soluciones" as an accordion whose categories open one at a time
 * (opening one closes the other; the open one collapses on a second click), and any choice closes it.
 * The accordion is written here rather than taken from Radix: a disclosure button is a few lines, and
 * on phones every kilobyte of JavaScript counts against the page's budget.
 */
export default function MobileMenu({ links, menu, cta }: { links: NavLink[]; menu: MenuCategory[]; cta: { label: string; href: string } }) {
  const [open, setOpen] = useState(false)
  const [solutionsOpen, setSolutionsOpen] = useState(false)
  const [category, setCategory] = useState<string | null>(null)
  const panelId = useId()
  const close = () => setOpen(false)

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => { if (e.key === 'Escape') setOpen(false) }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  return (
    <div className="lg:hidden">
      <button type="button" aria-expanded={open} aria-controls={panelId} aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
        onClick={() => setOpen((o) => !o)} className="grid size-11 place-items-center rounded-lg text-white hover:bg-white/10">
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
      </button>
      <nav id={panelId} aria-label="Menú móvil" hidden={!open}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 bg-ink px-4 pb-6 pt-2 shadow-2xl">
        <ul className="grid gap-1">
          {links.map((link) => (
            <li key={link.label}>
              {link.hasMegaMenu ? (
                <Disclosure label={link.label} open={solutionsOpen} onToggle={() => setSolutionsOpen((o) => !o)}
                  className="px-3 py-3 text-base font-medium text-white">
                  <ul className="grid gap-1 pl-2">
                    {menu.map((c) => (
                      <li key={c.name}>
                        <Disclosure label={c.name} open={category === c.name} onToggle={() => setCategory((cur) => (cur === c.name ? null : c.name))}
                          className="px-3 py-2.5 text-sm font-semibold text-white/90">
                          <ul className="grid gap-1 py-1 pl-2">
                            {c.items.map((item) => (
                              <li key={item.title}>
                                <a href={item.href} onClick={close} className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-white/85 hover:bg-white/10 hover:text-white">
                                  <span className={`grid size-7 shrink-0 place-items-center rounded-md bg-gradient-to-br text-white ${item.gradient}`}>
                                    <SpriteIcon name={item.icon} className="size-3.5" />
                                  </span>
                                  {item.title}
                                </a>
                              </li>
                            ))}
                          </ul>
                        </Disclosure>
                      </li>
                    ))}
                  </ul>
                </Disclosure>
              ) : (
                <a href={navHref(link.href)} onClick={close} className="block rounded-lg px-3 py-3 text-base font-medium text-white hover:bg-white/10">{link.label}</a>
              )}
            </li>
          ))}
        </ul>
        <a href={cta.href} onClick={close} className={`${buttonVariants({ variant: 'hero', size: 'lg' })} mt-4 w-full`}>{cta.label}</a>
      </nav>
    </div>
  )
}

function Disclosure({ label, open, onToggle, className, children }: {
  label: string
  open: boolean
  onToggle: () => void
  className: string
  children: ReactNode
}) {
  const id = useId()
  return (
    <>
      <button type="button" aria-expanded={open} aria-controls={id} onClick={onToggle}
        className={`flex w-full items-center justify-between rounded-lg text-left hover:bg-white/10 ${className}`}>
        {label}
        <ChevronDown aria-hidden="true" className={`size-5 transition-transform ${open ? 'rotate-180' : ''}`} />
      </button>
      <div id={id} hidden={!open}>{children}</div>
    </>
  )
}
