import * as NavigationMenu from '@radix-ui/react-navigation-menu'
import { Icon } from '../ui/Icon'
import type { NavChild, NavItem } from '../../siteContent/menu'
import type { Cta } from '../../siteContent/schema'
import type { MenuCategory } from '../../siteContent/registry.server'
import { buttonVariants } from '../ui/buttonVariants'

export interface DesktopNavProps {
  links: NavItem[]
  menu: MenuCategory[]
  megaMenu: { title: string; cta: Cta }
}

/** The "Main" navigation with the "Nuestras Soluciones" mega menu, keyboard operable (Radix). */
export default function DesktopNav({ links, menu, megaMenu }: DesktopNavProps) {
  const item = 'block rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white'
  return (
    <NavigationMenu.Root aria-label="Main" className="relative hidden lg:block" delayDuration={100}>
      <NavigationMenu.List className="flex items-center gap-1">
        {links.map((link) => (
          <NavigationMenu.Item key={`${link.label} ${link.href}`}>
            {link.hasMegaMenu || link.children.length > 0 ? (
              <>
                <NavigationMenu.Trigger className={`${item} group flex items-center gap-1 data-[state=open]:bg-white/10`}>
                  {link.label}
                  <Icon name="chevron-down" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
                </NavigationMenu.Trigger>
                {link.hasMegaMenu ? (
                  <NavigationMenu.Content className="absolute left-1/2 top-full mt-3 w-[800px] max-w-[calc(100vw-2rem)] -translate-x-1/2">
                    <MegaMenuPanel menu={menu} title={megaMenu.title} cta={megaMenu.cta} />
                  </NavigationMenu.Content>
                ) : (
                  <NavigationMenu.Content className="absolute top-full mt-3 w-64">
                    <DropdownPanel links={link.children} />
                  </NavigationMenu.Content>
                )}
              </>
            ) : (
              <NavigationMenu.Link href={link.href} className={item}>
                {link.label}
              </NavigationMenu.Link>
            )}
          </NavigationMenu.Item>
        ))}
      </NavigationMenu.List>
    </NavigationMenu.Root>
  )
}

/** A menu item's children (menu_items with this parent), as a short list of links. */
function DropdownPanel({ links }: { links: NavChild[] }) {
  return (
    <ul className="grid gap-1 rounded-2xl border border-slate-200 bg-white p-2 text-slate-900 shadow-2xl">
      {links.map((l) => (
        <li key={`${l.label} ${l.href}`}>
          <NavigationMenu.Link
            href={l.href}
            className="block rounded-lg px-3 py-2 text-sm font-medium hover:bg-slate-50 hover:text-brand-700 focus-visible:bg-slate-50"
          >
            {l.label}
          </NavigationMenu.Link>
        </li>
      ))}
    </ul>
  )
}

function MegaMenuPanel({ menu, title, cta }: { menu: MenuCategory[]; title: string; cta: Cta }) {
  return (
    <div className="max-h-[80vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl">
      <p className="mb-4 text-xs font-semibold uppercase tracking-widest text-brand-700">{title}</p>
      <div className="grid grid-cols-2 gap-x-6 gap-y-5">
        {menu.map((category) => (
          <div key={category.name}>
            <p className="mb-2 text-sm font-bold text-slate-900">{category.name}</p>
            <ul className="grid gap-1">
              {category.items.map((item, index) => (
                <li key={item.title} className="animate-fade-up" style={{ animationDelay: `${0.1 * index}s` }}>
                  <NavigationMenu.Link
                    href={item.href}
                    className="group flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50 focus-visible:bg-slate-50"
                  >
                    <span className={`mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-gradient-to-br text-white ${item.gradient}`}>
                      <Icon name={item.icon} className="size-4" />
                    </span>
                    <span>
                      <span className="block text-sm font-semibold group-hover:text-brand-700">{item.title}</span>
                      <span className="block text-xs leading-snug text-slate-600">{item.description}</span>
                    </span>
                  </NavigationMenu.Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="mt-5 border-t border-slate-100 pt-4 text-center">
        <NavigationMenu.Link href={cta.href} className={buttonVariants({ variant: cta.variant, size: 'lg' })}>
          {cta.label}
        </NavigationMenu.Link>
      </div>
    </div>
  )
}
