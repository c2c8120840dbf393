import { Icon } from '../components/ui/Icon'

export interface BookingWidgetProps {
  url: string
  provider: string
  durationMinutes: number
}

/**
 * The booking calendar (the booking service's inline embed, 320 px min width, 700 px high). It sets
 * third-party cookies, so until cookies are accepted a placeholder of the same size explains why and
 * offers to load it (docs/decisions/0006-consent-gated-booking.md). Markup only: the embed waits in a
 * <template> for src/behaviors/bookingWidget.ts, so no React is needed for it.
 */
export function BookingWidget({ url, provider, durationMinutes }: BookingWidgetProps) {
  const embedUrl = `${url}${url.includes('?') ? '&' : '?'}hide_gdpr_banner=1`
  return (
    <div data-behavior="booking-widget">
      <div data-booking-placeholder>
        <ConsentPlaceholder url={url} provider={provider} durationMinutes={durationMinutes} />
      </div>
      <template>
        <div
          className="calendly-inline-widget overflow-hidden rounded-2xl bg-white"
          data-url={embedUrl}
          style={{ minWidth: 320, height: 700 }}
          data-testid="calendly-embed"
        />
      </template>
    </div>
  )
}

function ConsentPlaceholder({ url, provider, durationMinutes }: BookingWidgetProps) {
  return (
    <div className="flex h-[700px] min-w-[320px] flex-col items-center justify-center rounded-2xl bg-white p-8 text-center text-slate-700 shadow-sm ring-1 ring-slate-200">
      <Icon name="calendar-days" className="size-12 text-brand-600" />
      <h3 className="mt-4 text-xl font-bold text-slate-900">Reserva una llamada de {durationMinutes} minutos</h3>
      <p className="mt-3 max-w-sm leading-relaxed">
        El calendario de reservas lo ofrece {provider}, que instala cookies de terceros. Solo lo cargamos si aceptas las cookies.
      </p>
      {/* Handled by src/behaviors/cookieBanner.ts, like the banner's own buttons. */}
      <button
        type="button"
        data-consent="accept"
        className="mt-6 inline-flex h-12 items-center justify-center rounded-lg bg-gradient-to-r from-accent-500 to-brand-500 px-6 font-semibold text-white shadow-lg hover:brightness-110"
      >
        Aceptar cookies y ver el calendario
      </button>
      <a href={url} target="_blank" rel="noopener noreferrer" className="mt-4 text-sm font-medium text-brand-700 underline underline-offset-2">
        O abre el calendario en {provider} (pestaña nueva)
      </a>
    </div>
  )
}
