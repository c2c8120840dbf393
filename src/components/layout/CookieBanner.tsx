import { Icon } from '../ui/Icon'
import { buttonVariants } from '../ui/buttonVariants'
import { uiText } from '../../lib/uiText'

/**
 * The cookie-consent banner (docs/decisions/0006-consent-gated-booking.md): server-rendered hidden; src/behaviors/cookieBanner.ts
 * shows it while no choice is stored. "Aceptar" stores "true", "Rechazar" and "Cerrar" store
 * "false". "Rechazar" is as prominent as "Aceptar": refusing must be as easy as accepting.
 *
 * It says what the site really does (docs/decisions/0092-consent-only-for-the-booking-calendar.md): the one thing
 * consent unlocks is the booking calendar, a third party that sets its own cookies; visits are counted
 * without cookies and without consent, which this text says too, so no one reads the choice as being about
 * them.
 */
export function CookieBanner({ policyHref, bookingProvider }: { policyHref: string; bookingProvider: string }) {
  return (
    <section
      hidden
      data-behavior="cookie-banner"
      aria-labelledby="cookie-banner-title"
      // Compact on phones (smaller type and padding): it must not hide most of the page, the contact form's
      // button included, while it waits for a choice.
      className="fixed inset-x-2 bottom-2 z-[60] mx-auto max-w-3xl animate-fade-up rounded-2xl border border-slate-200 bg-white p-4 text-slate-800 shadow-2xl sm:inset-x-6 sm:bottom-6 sm:p-6"
    >
      <button
        type="button"
        aria-label={uiText.close}
        data-consent="reject"
        className="absolute right-2 top-2 rounded-md p-1.5 sm:right-3 sm:top-3 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
      >
        <Icon name="x" className="size-4" />
      </button>
      {/* The cookie is an icon, not the 🍪 emoji: a browser without an emoji font drew an empty box, and its
          search for a font to draw it added about half again to the layout that shows the banner. */}
      <h2 id="cookie-banner-title" className="flex items-center gap-2 pr-8 text-sm font-bold text-slate-900 sm:text-base">
        <Icon name="cookie" className="size-4 shrink-0 text-amber-600 sm:size-5" />
        Cookies del calendario de reservas
      </h2>
      <p className="mt-1 text-xs leading-snug text-slate-600 sm:mt-2 sm:text-sm sm:leading-relaxed">
        No usamos cookies de publicidad ni de análisis: contamos las visitas sin cookies. Solo el calendario de reservas de {bookingProvider}, un
        servicio de terceros, instala sus propias cookies, y no lo cargamos salvo que lo aceptes. Si lo rechazas, puedes reservar igualmente en la web
        de {bookingProvider}. Más información en nuestra{' '}
        <a href={policyHref} className="font-medium text-brand-700 underline underline-offset-2">
          Política de cookies
        </a>
        .
      </p>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:mt-4 sm:flex sm:justify-end">
        {/* Same variant for both: rejecting is as easy and as visible as accepting. */}
        <button type="button" data-consent="reject" className={`${buttonVariants()} sm:min-w-36`}>
          Rechazar
        </button>
        <button type="button" data-consent="accept" className={`${buttonVariants()} sm:min-w-36`}>
          Aceptar
        </button>
      </div>
    </section>
  )
}
