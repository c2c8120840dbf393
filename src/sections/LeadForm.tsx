import { Icon } from '../components/ui/Icon'
import type { ComponentProps, ReactNode } from 'react'
import { usePageContext } from 'vike-react/usePageContext'
import { buttonVariants } from '../components/ui/buttonVariants'
import { fieldClasses } from '../components/ui/input'
import { serviceChoices } from '../siteContent/registry.server'
import type { Site } from '../siteContent/schema'
import { cn } from '../lib/cn'
import { HONEYPOT_FIELD, SENT_TEXT, TOKEN_FIELD, type LeadFormState } from '../leads/formState'
import { LEAD_FIELDS, LEAD_LIMITS, type LeadField } from '../leads/schema'

const EMPTY: LeadFormState = { values: {}, errors: {} }

/**
 * The contact form: a plain HTML form posted to the page it is on (src/leads/submit.server.ts answers it),
 * so it works without JavaScript; src/behaviors/leadForm.ts enhances it once the visitor starts using it.
 * A page answered to a submission carries the form's state in pageContext.leadForm (values, errors,
 * notice, the next time token); after success the same place says what happens next.
 */
export function LeadForm({ site }: { site: Site }) {
  // Absent outside a Vike render (components rendered on their own): an empty form posting to its page.
  const pageContext = usePageContext() as ReturnType<typeof usePageContext> | undefined
  const state = pageContext?.leadForm ?? EMPTY
  const path = pageContext?.urlPathname ?? ''
  // A service page preselects its own service.
  const pageService = serviceChoices.find((s) => `/${s.slug}` === path)?.slug ?? ''
  const value = (field: LeadField) => state.values[field] ?? ''
  // After a plain post, the first field in error has the focus (as with the behaviour), or else the button
  // beside the notice. autofocus, not a #fragment in the action: a fragment would cancel autofocus.
  const firstError = LEAD_FIELDS.find((f) => state.errors[f])
  const field = (name: LeadField) => {
    const error = state.errors[name]
    return {
      id: `lead-${name}`,
      name,
      autoFocus: name === firstError,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': `lead-${name}-error`,
    }
  }
  const errorOf = (name: LeadField) => (
    <p id={`lead-${name}-error`} data-error-for={name} className="mt-1 text-sm font-medium text-red-700 empty:hidden">
      {state.errors[name] ?? ''}
    </p>
  )
  const input = cn(fieldClasses, 'h-11 text-base sm:text-sm')
  const textField = (name: keyof typeof LEAD_LIMITS & LeadField, text: ReactNode, props: ComponentProps<'input'>) =>
    labelled(name, text, <input {...field(name)} className={input} maxLength={LEAD_LIMITS[name]} defaultValue={value(name)} {...props} />)
  const labelled = (name: LeadField, text: ReactNode, control: ReactNode) => (
    <div>
      <label htmlFor={`lead-${name}`} className="mb-1 block text-sm font-medium text-slate-800">
        {text}
      </label>
      {control}
      {errorOf(name)}
    </div>
  )

  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <div id="contacto-enviado" tabIndex={-1} data-lead-sent hidden={!state.sent} className="outline-none">
        <Icon name="circle-check" className="size-10 text-emerald-600" />
        <h3 className="mt-3 text-xl font-bold text-slate-900">Mensaje enviado</h3>
        <p className="mt-2 leading-relaxed text-slate-700">{SENT_TEXT}</p>
        <p className="mt-2 leading-relaxed text-slate-700">
          Te escribiremos desde {site.emails.contact} o te llamaremos para entender tu proyecto y proponerte los siguientes pasos. Si lo prefieres,
          reserva ya una llamada en el calendario.
        </p>
      </div>
      {!state.sent && (
        <form method="post" action={path || undefined} noValidate data-behavior="lead-form" aria-labelledby="lead-form-title" className="grid gap-5">
          <div>
            <h3 id="lead-form-title" className="text-xl font-bold text-slate-900">
              Cuéntanos tu proyecto
            </h3>
            <p className="mt-1 text-sm text-slate-600">Los campos marcados con * son obligatorios.</p>
          </div>
          <div className="grid gap-5 sm:grid-cols-2">
            {textField('name', 'Nombre *', { autoComplete: 'name', required: true })}
            {textField('email', 'Email *', { type: 'email', autoComplete: 'email', required: true })}
            {textField('company', optional('Empresa'), { autoComplete: 'organization' })}
            {textField('phone', optional('Teléfono'), { type: 'tel', autoComplete: 'tel' })}
          </div>
          {labelled(
            'service',
            'Servicio de interés',
            <select {...field('service')} className={input} defaultValue={state.values.service ?? pageService}>
              <option value="">Otro o aún no lo sé</option>
              {serviceChoices.map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>,
          )}
          {labelled(
            'message',
            'Mensaje *',
            <textarea
              {...field('message')}
              className={cn(fieldClasses, 'min-h-36 text-base leading-relaxed sm:text-sm')}
              required
              maxLength={LEAD_LIMITS.message}
              defaultValue={value('message')}
              placeholder="Qué necesitas, plazos, presupuesto aproximado…"
            />,
          )}
          {/* The honeypot: off-screen and out of the tab order; people never fill it, scripts do. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label htmlFor="lead-hp">Deja este campo vacío</label>
            <input id="lead-hp" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
          {state.token && <input type="hidden" name={TOKEN_FIELD} value={state.token} />}
          <div>
            <div className="flex items-start gap-3">
              <input
                {...field('privacy')}
                type="checkbox"
                value="on"
                required
                defaultChecked={state.values.privacy === 'on'}
                className="mt-0.5 size-5 shrink-0 accent-brand-600"
              />
              <label htmlFor="lead-privacy" className="text-sm text-slate-800">
                He leído y acepto la{' '}
                <a href="/privacidad" className="font-medium text-brand-700 underline underline-offset-2">
                  política de privacidad
                </a>{' '}
                *
              </label>
            </div>
            {errorOf('privacy')}
          </div>
          <div role="status" aria-live="polite" data-lead-status className="empty:hidden">
            {state.notice && (
              <p
                className={cn(
                  'rounded-lg p-3 text-sm font-medium',
                  state.notice.tone === 'error' ? 'bg-red-50 text-red-800' : 'bg-brand-50 text-brand-900',
                )}
              >
                {state.notice.text}
              </p>
            )}
          </div>
          <button
            type="submit"
            // eslint-disable-next-line jsx-a11y/no-autofocus -- only on the page answering a post: focus where the visitor acts next
            autoFocus={Boolean(state.notice && !firstError)}
            className={cn(buttonVariants({ variant: 'hero', size: 'lg' }), 'w-full sm:w-auto sm:justify-self-start')}
          >
            {state.confirm ? 'Confirmar envío' : 'Enviar mensaje'}
          </button>
          {!state.token && (
            <noscript>
              <p className="-mt-2 text-sm text-slate-700">
                Sin JavaScript te pediremos que confirmes el envío con una segunda pulsación: es nuestra protección contra el spam.
              </p>
            </noscript>
          )}
          <FirstLayer site={site} />
        </form>
      )}
    </div>
  )
}

function optional(text: string) {
  return (
    <>
      {text} <span className="font-normal text-slate-600">(opcional)</span>
    </>
  )
}

/** The first layer of the information art. 13 GDPR requires, beside the button; the rest is in /privacidad. */
function FirstLayer({ site }: { site: Site }) {
  return (
    <p className="text-xs leading-relaxed text-slate-600">
      <strong className="font-semibold text-slate-700">Protección de datos.</strong> Responsable: {site.legalName.replace(/\.$/, '')}. Finalidad:
      responder a tu consulta y, si lo pides, preparar una propuesta. Legitimación: tu consentimiento y la aplicación de medidas precontractuales.
      Destinatarios: no se ceden a terceros salvo obligación legal; nuestros proveedores de alojamiento y correo los tratan por nuestra cuenta.
      Conservación: {site.leads.retentionMonths} meses. Derechos: acceso, rectificación, supresión, oposición, limitación y portabilidad en{' '}
      {site.emails.privacy}, y reclamación ante la Agencia Española de Protección de Datos (aepd.es). Más información en la{' '}
      <a href="/privacidad" className="underline underline-offset-2">
        política de privacidad
      </a>
      .
    </p>
  )
}
