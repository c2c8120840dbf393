import * as NavigationMenu from '@radix-ui/react-navigation-menu'
import { ChevronDown } from 'lucide-react'
import { useEffect, useState } from 'react'
import type { Cta, NavLink } from '../../content/schema'
import type { MenuCategory } from '../../content/registry'
import { cn } from '../../lib/cn'
import { navHref } from '../../lib/nav'
import { buttonVariants } from '../ui/button'
import { Icon } from '../ui/Icon'
import { Logo } from './Logo'
import { MobileMenu } from './MobileMenu'

export const SOLID_AFTER_PX = 20

export interface SiteHeaderProps {
  brand: string
  links: NavLink[]
  menu: MenuCategory[]
  megaMenu: { title: string; cta: Cta }
  cta: { label: string; href: string }
  /** Legal pages have no dark hero behind the header. */
  alwaysSolid: boolean
}

export default function SiteHeader({ brand, links, menu, megaMenu, cta, alwaysSolid }: SiteHeaderProps) {
  const [scrolled, setScrolled] = useState(false)
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > SOLID_AFTER_PX)
    update()
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])
  const solid = alwaysSolid || scrolled

  return (
    <header
      data-solid={solid}
      className={cn(
        'fixed inset-x-0 top-0 z-50 text-white transition-colors duration-300',
        solid ? 'bg-ink/95 shadow-lg shadow-black/10 backdrop-blur' : 'bg-transparent',
      )}
    >
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <a href="/" className="shrink-0 rounded-md" aria-label={`${brand}, ir a la página de inicio`}>
          <Logo brand={brand} />
        </a>

        <NavigationMenu.Root aria-label="Main" className="relative hidden lg:block" delayDuration={100}>
          <NavigationMenu.List className="flex items-center gap-1">
            {links.map((link) =>
              link.hasMegaMenu ? (
                <NavigationMenu.Item key={link.label}>
                  <NavigationMenu.Trigger className="group flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white data-[state=open]:bg-white/10">
                    {link.label}
                    <ChevronDown aria-hidden="true" className="size-4 transition-transform group-data-[state=open]:rotate-180" />
                  </NavigationMenu.Trigger>
                  <NavigationMenu.Content className="absolute left-1/2 top-full mt-3 w-[800px] max-w-[calc(100vw-2rem)] -translate-x-1/2">
                    <MegaMenuPanel menu={menu} title={megaMenu.title} cta={megaMenu.cta} />
                  </NavigationMenu.Content>
                </NavigationMenu.Item>
              ) : (
                <NavigationMenu.Item key={link.label}>
                  <NavigationMenu.Link href={navHref(link.href)} className="block rounded-md px-3 py-2 text-sm font-medium text-white/90 hover:bg-white/10 hover:text-white">
                    {link.label}
                  </NavigationMenu.Link>
                </NavigationMenu.Item>
              ),
            )}
          </NavigationMenu.List>
        </NavigationMenu.Root>

        <div className="flex items-center gap-2">
          <a href={cta.href} className={cn(buttonVariants({ variant: 'hero', size: 'sm' }), 'hidden sm:inline-flex')}>
            {cta.label}
          </a>
          <MobileMenu links={links} menu={menu} cta={cta} />
        </div>
      </div>
    </header>
  )
}

function MegaMenuPanel({ menu, title, cta }: { menu: MenuCategory[]; title: string; cta: Cta }) {
  let index = 0
  return (
    <div className="max-h-[80vh] overflow-y-auto rounded-2xl border border-slate-200 bg-white p-6 text-slate-900 shadow-2xl">
      <p className="mb-4 text-xs font-semibold uppercase tracking-widest text-brand-600">{title}</p>
      <div className="grid grid-cols-2 gap-x-6 gap-y-5">
        {menu.map((category) => (
          <div key={category.name}>
            <p className="mb-2 text-sm font-bold text-slate-900">{category.name}</p>
            <ul className="grid gap-1">
              {category.items.map((item) => (
                <li key={item.title} className="animate-fade-up" style={{ animationDelay: `${0.1 * index++}s` }}>
                  <NavigationMenu.Link href={item.href} className="group flex items-start gap-3 rounded-lg p-2 hover:bg-slate-50 focus-visible:bg-slate-50">
                    <span className={cn('mt-0.5 grid size-9 shrink-0 place-items-center rounded-lg bg-gradient-to-br text-white', item.gradient)}>
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
