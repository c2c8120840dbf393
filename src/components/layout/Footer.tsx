import { Icon } from '../ui/Icon'
import type { Navigation, Site } from '../../siteContent/schema'
import { sectionHref } from '../../lib/nav'
import { Logo } from './Logo'
import { SocialIcon, type SocialNetwork } from './SocialIcon'
import { uiText } from '../../lib/uiText'

const socialLabels: Record<Exclude<SocialNetwork, 'whatsapp'>, string> = {
  linkedin: 'LinkedIn',
  instagram: 'Instagram',
  facebook: 'Facebook',
  tiktok: 'TikTok',
}

export function Footer({
  site,
  columns,
  legalLinks,
  idsOnPage,
  year,
}: {
  site: Site
  columns: Navigation['footer']['columns']
  legalLinks: { label: string; href: string }[]
  /** Section ids present on this page: their links scroll in place, the rest go to the home page. */
  idsOnPage: string[]
  year: number
}) {
  const linkClass = 'rounded text-sm text-slate-300 hover:text-white'
  return (
    <footer className="bg-ink text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <Logo brand={site.brand} className="text-white" />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">{site.tagline}.</p>
          <ul className="mt-5 grid gap-2 text-sm">
            <li className="flex items-start gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-accent-400" />
              {site.address.street}, {site.address.postalCode} {site.address.locality}
            </li>
            <li className="flex items-center gap-2">
              <Icon name="mail" className="size-4 shrink-0 text-accent-400" />
              <a href={`mailto:${site.emails.contact}`} className={linkClass}>
                {site.emails.contact}
              </a>
            </li>
            <li className="flex items-center gap-2">
              <Icon name="phone" className="size-4 shrink-0 text-accent-400" />
              <a href={`tel:${site.phones[0]!.e164}`} className={linkClass}>
                {site.phones[0]!.display}
              </a>
            </li>
          </ul>
          <ul className="mt-6 flex gap-3" aria-label="Redes sociales">
            {(Object.keys(socialLabels) as (keyof typeof socialLabels)[]).map((network) => (
              <li key={network}>
                <a
                  href={site.social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`${socialLabels[network]} ${uiText.opensInNewTab}`}
                  className="grid size-10 place-items-center rounded-full bg-white/5 text-slate-300 ring-1 ring-white/10 hover:bg-white/10 hover:text-white"
                >
                  <SocialIcon network={network} className="size-4" />
                </a>
              </li>
            ))}
          </ul>
        </div>
        {columns.map((col) => (
          <nav key={col.title} aria-label={col.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wider text-white">{col.title}</h2>
            <ul className="mt-4 grid gap-2.5">
              {col.links.map((l) => (
                <li key={l.label}>
                  <a href={footerHref(l.href, idsOnPage)} className={linkClass}>
                    {l.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <nav aria-label="Legal">
          <h2 className="text-sm font-semibold uppercase tracking-wider text-white">Legal</h2>
          <ul className="mt-4 grid gap-2.5">
            {legalLinks.map((l) => (
              <li key={l.href}>
                <a href={l.href} className={linkClass}>
                  {l.label}
                </a>
              </li>
            ))}
            <li>
              <button type="button" data-cookie-settings className={`${linkClass} text-left`}>
                Configurar cookies
              </button>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-slate-400 sm:px-6 lg:px-8">
          © {year} {site.legalName}. Todos los derechos reservados.
        </p>
      </div>
    </footer>
  )
}

/** A section anchor ("#proceso", "/#proceso") scrolls in place or goes home; a page path ("/blog") is kept as it is. */
function footerHref(href: string, idsOnPage: string[]): string {
  return /^\/?#/.test(href) ? sectionHref(href.replace(/^\/?#/, ''), idsOnPage) : href
}
