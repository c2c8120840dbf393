import type { ReactNode } from 'react'
import type { ShellData } from '../../siteContent/shell'
import { whatsappUrl } from '../../lib/contact'
import { CookieBanner } from './CookieBanner'
import { Footer } from './Footer'
import { ScrollToTop } from './ScrollToTop'
import { SiteHeader } from './SiteHeader'
import { SocialIcon } from './SocialIcon'
import { PageScript } from './PageScript'
import { uiText } from '../../lib/uiText'

/** Everything around a public page's content: skip link, header, footer and the floating parts. */
export function SiteShell({
  shell,
  alwaysSolidHeader,
  idsOnPage,
  children,
}: {
  shell: ShellData
  alwaysSolidHeader: boolean
  idsOnPage: string[]
  children: ReactNode
}) {
  const { site, navigation } = shell
  return (
    <>
      <a
        href="#main"
        className="sr-only z-[70] rounded-lg bg-white px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Saltar al contenido principal
      </a>
      <SiteHeader
        brand={site.brand}
        links={shell.nav}
        menu={shell.menu}
        megaMenu={{ title: navigation.megaMenu.title, cta: navigation.megaMenu.cta }}
        cta={{ label: 'Solicitar propuesta', href: '/#contacto' }}
        alwaysSolid={alwaysSolidHeader}
      />
      <main id="main" tabIndex={-1} className="outline-none">
        {children}
      </main>
      <Footer site={site} columns={navigation.footer.columns} legalLinks={shell.legalLinks} idsOnPage={idsOnPage} year={shell.year} />
      <a
        href={whatsappUrl(site.whatsapp)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Chatea con nosotros por WhatsApp ${uiText.opensInNewTab}`}
        className="fixed bottom-6 right-6 z-40 hidden size-14 place-items-center rounded-full bg-[#25D366] text-white shadow-xl shadow-emerald-900/20 transition hover:scale-105 lg:grid"
      >
        <SocialIcon network="whatsapp" className="size-7" />
      </a>
      <ScrollToTop />
      <CookieBanner policyHref={shell.cookiePolicyHref} bookingProvider={site.booking.provider} />
      <PageScript />
    </>
  )
}
