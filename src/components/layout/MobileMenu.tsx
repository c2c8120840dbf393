import { Icon } from '../ui/Icon'
import type { ReactNode } from 'react'
import type { NavItem } from '../../siteContent/menu'
import type { MenuCategory } from '../../siteContent/registry.server'
import { buttonVariants } from '../ui/buttonVariants'

const PANEL_ID = 'menu-movil'

/**
 * The mobile menu's markup: a toggle, "Soluciones" as an accordion whose categories open one at a
 * time, and the links. Its behaviour (src/behaviors/mobileMenu.ts) needs no React: on phones every
 * kilobyte of JavaScript counts against the page's budget.
 */
export function MobileMenu({ links, menu, cta }: { links: NavItem[]; menu: MenuCategory[]; cta: { label: string; href: string } }) {
  return (
    <div className="lg:hidden" data-behavior="mobile-menu">
      <button
        type="button"
        data-menu-toggle
        aria-expanded="false"
        aria-controls={PANEL_ID}
        aria-label="Abrir menú"
        className="group grid size-11 place-items-center rounded-lg text-white hover:bg-white/10"
      >
        <Icon name="menu" className="size-6 group-aria-expanded:hidden" />
        <Icon name="x" className="hidden size-6 group-aria-expanded:block" />
      </button>
      <nav
        id={PANEL_ID}
        aria-label="Menú móvil"
        hidden
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-white/10 bg-ink px-4 pb-6 pt-2 shadow-2xl"
      >
        <ul className="grid gap-1">
          {links.map((link, i) => (
            <li key={`${link.label} ${link.href}`}>
              {link.hasMegaMenu ? (
                <Disclosure
                  id={`${PANEL_ID}-soluciones`}
                  group="soluciones"
                  label={link.label}
                  className="px-3 py-3 text-base font-medium text-white"
                >
                  <ul className="grid gap-1 pl-2">
                    {menu.map((c, i) => (
                      <li key={c.name}>
                        <Disclosure
                          id={`${PANEL_ID}-categoria-${i + 1}`}
                          group="categorias"
                          label={c.name}
                          className="px-3 py-2.5 text-sm font-semibold text-white/90"
                        >
                          <ul className="grid gap-1 py-1 pl-2">
                            {c.items.map((item) => (
                              <li key={item.title}>
                                <a
                                  href={item.href}
                                  className="flex items-center gap-3 rounded-lg px-3 py-2 text-sm text-white/85 hover:bg-white/10 hover:text-white"
                                >
                                  <span
                                    className={`grid size-7 shrink-0 place-items-center rounded-md bg-gradient-to-br text-white ${item.gradient}`}
                                  >
                                    <Icon name={item.icon} className="size-3.5" />
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
              ) : link.children.length > 0 ? (
                <Disclosure
                  id={`${PANEL_ID}-submenu-${i + 1}`}
                  group="soluciones"
                  label={link.label}
                  className="px-3 py-3 text-base font-medium text-white"
                >
                  <ul className="grid gap-1 pl-2">
                    {link.children.map((child) => (
                      <li key={`${child.label} ${child.href}`}>
                        <a href={child.href} className="block rounded-lg px-3 py-2.5 text-sm text-white/85 hover:bg-white/10 hover:text-white">
                          {child.label}
                        </a>
                      </li>
                    ))}
                  </ul>
                </Disclosure>
              ) : (
                <a href={link.href} className="block rounded-lg px-3 py-3 text-base font-medium text-white hover:bg-white/10">
                  {link.label}
                </a>
              )}
            </li>
          ))}
        </ul>
        <a href={cta.href} className={`${buttonVariants({ variant: 'hero', size: 'lg' })} mt-4 w-full`}>
          {cta.label}
        </a>
      </nav>
    </div>
  )
}

function Disclosure({ id, group, label, className, children }: { id: string; group: string; label: string; className: string; children: ReactNode }) {
  return (
    <>
      <button
        type="button"
        data-disclosure={group}
        aria-expanded="false"
        aria-controls={id}
        className={`group flex w-full items-center justify-between rounded-lg text-left hover:bg-white/10 ${className}`}
      >
        {label}
        <Icon name="chevron-down" className="size-5 transition-transform group-aria-expanded:rotate-180" />
      </button>
      <div id={id} hidden>
        {children}
      </div>
    </>
  )
}
