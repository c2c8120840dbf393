import { Icon } from '../components/ui/Icon'
import type { Site } from '../siteContent/schema'
import { SocialIcon } from '../components/layout/SocialIcon'
import { whatsappUrl } from '../lib/contact'
import { BookingWidget } from './BookingWidget'
import { LeadForm } from './LeadForm'
import { CopyEmail } from './CopyEmail'
import { SectionHeading } from './SectionHeading'
import { NewTabNote } from '../components/ui/NewTabNote'

/** "09:00" -> "9:00", as Spanish business hours are written. */
export function formatHour(hhmm: string): string {
  return hhmm.replace(/^0/, '')
}

export function businessHours(hours: Site['hours']): string {
  return `${hours.days}, ${formatHour(hours.opens)}–${formatHour(hours.closes)} ${hours.timezone}`
}

export function Contact({ site }: { site: Site }) {
  const row = 'flex items-center gap-4 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200'
  const iconBox = 'grid size-11 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700'
  return (
    <section id="contacto" aria-labelledby="contacto-title" className="bg-slate-50 py-20 sm:py-24">
      {/* Phones read heading, form, ways to reach us, calendar; wide screens put the form in the right column. */}
      <div className="mx-auto grid max-w-7xl gap-12 px-4 sm:px-6 lg:grid-cols-[2fr_3fr] lg:items-start lg:px-8">
        <div className="lg:col-start-1 lg:row-start-1">
          <SectionHeading
            id="contacto-title"
            align="left"
            eyebrow="Contacto"
            title="Hablemos de tu proyecto"
            intro={`Escríbenos con el formulario o reserva una llamada gratuita de ${site.booking.durationMinutes} minutos: te respondemos en menos de 24 horas laborables con los siguientes pasos y una primera estimación.`}
          />
          <ul className="mt-10 grid gap-4">
            <li className={row}>
              <span className={iconBox}>
                <Icon name="mail" className="size-5" />
              </span>
              <div className="min-w-0 grow">
                <p className="text-sm text-slate-500">Email</p>
                <a href={`mailto:${site.emails.contact}`} className="font-semibold break-all text-slate-900 hover:text-brand-700">
                  {site.emails.contact}
                </a>
              </div>
              <CopyEmail email={site.emails.contact} />
            </li>
            <li className={row}>
              <span className={iconBox}>
                <Icon name="phone" className="size-5" />
              </span>
              <div>
                <p className="text-sm text-slate-500">Teléfono</p>
                <a href={`tel:${site.phones[0]!.e164}`} className="font-semibold text-slate-900 hover:text-brand-700">
                  {site.phones[0]!.display}
                </a>
              </div>
            </li>
            <li className={row}>
              <span className={`${iconBox} bg-emerald-50 text-emerald-700`}>
                <SocialIcon network="whatsapp" className="size-5" />
              </span>
              <div>
                <p className="text-sm text-slate-500">WhatsApp</p>
                <a
                  href={whatsappUrl(site.whatsapp)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-semibold text-slate-900 hover:text-brand-700"
                >
                  Escríbenos por WhatsApp
                  <NewTabNote />
                </a>
              </div>
            </li>
            <li className={row}>
              <span className={iconBox}>
                <Icon name="clock" className="size-5" />
              </span>
              <div>
                <p className="text-sm text-slate-500">Horario de atención</p>
                <p className="font-semibold text-slate-900">{businessHours(site.hours)}</p>
              </div>
            </li>
          </ul>
        </div>
        <div className="lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <LeadForm site={site} />
        </div>
        <div className="lg:col-start-1 lg:row-start-2">
          <BookingWidget url={site.booking.url} provider={site.booking.provider} durationMinutes={site.booking.durationMinutes} />
        </div>
      </div>
    </section>
  )
}
