import { usePageContext } from 'vike-react/usePageContext'
import { useData } from 'vike-react/useData'
import type { NavItem } from '../../src/siteContent/menu'
import { SiteShell } from '../../src/components/layout/SiteShell'
import { shellData } from '../../src/siteContent/page.server'
import { buttonVariants } from '../../src/components/ui/buttonVariants'
import '../../src/styles/site.css'

/** Not-found page and the generic rendering-failure fallback. */
export default function Page() {
  const { is404, abortStatusCode, abortReason, errorWhileRendering } = usePageContext()
  // Absent when rendering failed before the error page's own data hook could run.
  const nav = useData<{ nav?: NavItem[] } | undefined>()?.nav
  const detail =
    typeof abortReason === 'string' && abortReason
      ? abortReason
      : errorWhileRendering instanceof Error
        ? errorWhileRendering.message
        : String(abortStatusCode ?? 500)
  return (
    <SiteShell shell={shellData(nav)} alwaysSolidHeader idsOnPage={[]}>
      <section className="grid min-h-[70vh] place-items-center bg-slate-50 px-4 pb-16 pt-32 text-center">
        {is404 ? (
          <div>
            <h1 data-behavior="log-not-found" className="text-7xl font-black text-gradient">
              404
            </h1>
            <p className="mt-4 text-xl text-slate-700">Oops! Page not found</p>
            <a href="/" className={`${buttonVariants({ variant: 'hero', size: 'lg' })} mt-8`}>
              Return to Home
            </a>
          </div>
        ) : (
          <div role="alert">
            <h1 className="text-3xl font-bold text-slate-900">Unexpected Application Error!</h1>
            <p className="mt-4 text-lg text-slate-700">{detail}</p>
            <a href="/" className={`${buttonVariants({ variant: 'hero', size: 'lg' })} mt-8`}>
              Return to Home
            </a>
          </div>
        )}
      </section>
    </SiteShell>
  )
}
