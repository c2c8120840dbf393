import { sectionPlaces } from '../siteContent/places'
import { usePlaceMark } from './PlaceMarks'

export function SectionHeading({
  eyebrow,
  title,
  intro,
  dark = false,
  id,
  place,
  align = 'center',
}: {
  eyebrow?: string
  title: string
  intro?: string
  dark?: boolean
  id?: string
  /** The section's anchor id when its title and intro are text places (../siteContent/places.ts). */
  place?: string
  align?: 'center' | 'left'
}) {
  const places = place ? sectionPlaces(place) : undefined
  const titleMark = usePlaceMark(places?.title)
  const introMark = usePlaceMark(places?.intro)
  return (
    <div className={align === 'center' ? 'mx-auto max-w-3xl text-center' : 'max-w-3xl'}>
      {eyebrow && <p className={`text-sm font-semibold uppercase tracking-widest ${dark ? 'text-accent-400' : 'text-brand-600'}`}>{eyebrow}</p>}
      <h2
        id={id}
        {...titleMark}
        className={`mt-2 text-3xl font-bold tracking-tight text-balance sm:text-4xl ${dark ? 'text-white' : 'text-slate-900'}`}
      >
        {title}
      </h2>
      {intro && (
        <p {...introMark} className={`mt-4 text-lg leading-relaxed text-pretty ${dark ? 'text-slate-300' : 'text-slate-600'}`}>
          {intro}
        </p>
      )}
    </div>
  )
}

/** A page section with its anchor id, alternating backgrounds and a consistent width. */
export function SectionShell({
  id,
  tone = 'white',
  labelledBy,
  children,
}: {
  id?: string
  tone?: 'white' | 'muted' | 'dark'
  labelledBy?: string
  children: React.ReactNode
}) {
  const bg = tone === 'dark' ? 'bg-ink text-white' : tone === 'muted' ? 'bg-slate-50' : 'bg-white'
  return (
    <section id={id} aria-labelledby={labelledBy} className={`${bg} py-20 sm:py-24`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">{children}</div>
    </section>
  )
}
