import type { NavItem } from '../../siteContent/menu'
import type { Cta } from '../../siteContent/schema'
import type { MenuCategory } from '../../siteContent/registry.server'
import { Island } from '../../islands/Island'
import type { IslandName } from '../islands'
import { buttonVariants } from '../ui/buttonVariants'
import DesktopNav from './DesktopNav'
import { Logo } from './Logo'
import { MobileMenu } from './MobileMenu'

/** Tailwind's lg breakpoint: the desktop navigation (a React island) hydrates from here up. */
const DESKTOP = '(min-width: 64rem)'

export interface SiteHeaderProps {
  brand: string
  links: NavItem[]
  menu: MenuCategory[]
  megaMenu: { title: string; cta: Cta }
  cta: { label: string; href: string }
  /** Legal pages have no dark hero behind the header. */
  alwaysSolid: boolean
}

/**
 * The header. Transparent over the hero until the page scrolls past 20 px: src/behaviors/scrollState.ts
 * sets html[data-scrolled] and CSS does the rest. The desktop menu is an island hydrated only at the
 * widths where it shows; the mobile menu is plain markup with a small behaviour.
 */
export function SiteHeader({ brand, links, menu, megaMenu, cta, alwaysSolid }: SiteHeaderProps) {
  return (
    <header
      data-always-solid={alwaysSolid || undefined}
      className="fixed inset-x-0 top-0 z-50 text-white transition-colors duration-300 data-[always-solid]:bg-ink/95 data-[always-solid]:shadow-lg in-data-[scrolled]:bg-ink/95 in-data-[scrolled]:shadow-lg in-data-[scrolled]:shadow-black/10 in-data-[scrolled]:backdrop-blur"
    >
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:h-20 lg:px-8">
        <a href="/" className="shrink-0 rounded-md" aria-label={`${brand}, ir a la página de inicio`}>
          <Logo brand={brand} />
        </a>
        <Island
          name={'DesktopNav' satisfies IslandName}
          component={DesktopNav}
          media={DESKTOP}
          when="interaction"
          props={{ links, menu, megaMenu }}
        />
        <div className="flex items-center gap-2">
          <div className="hidden sm:block">
            <a href={cta.href} className={buttonVariants({ variant: 'hero', size: 'sm' })}>
              {cta.label}
            </a>
          </div>
          <MobileMenu links={links} menu={menu} cta={cta} />
        </div>
      </div>
    </header>
  )
}
