import { Icon } from '../components/ui/Icon'
import type { Hero as HeroData, Site } from '../siteContent/schema'
import { buttonVariants } from '../components/ui/buttonVariants'
import { cn } from '../lib/cn'
import { NewTabNote } from '../components/ui/NewTabNote'
import { heroPlaces } from '../siteContent/places'
import { usePlaceMark } from './PlaceMarks'

function Title({ title, highlight }: { title: string; highlight?: string }) {
  const at = highlight ? title.indexOf(highlight) : -1
  if (!highlight || at < 0) return <>{title}</>
  return (
    <>
      {title.slice(0, at)}
      <span className="text-gradient">{highlight}</span>
      {title.slice(at + highlight.length)}
    </>
  )
}

export function RatingBadge({ reviews }: { reviews: Site['reviews'] }) {
  return (
    <a
      href={reviews.url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex items-center gap-2 rounded-full bg-white/10 px-4 py-2 text-sm text-white ring-1 ring-white/15 hover:bg-white/15"
    >
      <span className="flex text-amber-400" aria-hidden="true">
        {Array.from({ length: 5 }, (_, i) => (
          <Icon name="star" key={i} className="size-4 fill-current" />
        ))}
      </span>
      <span>
        <strong className="font-semibold">
          {reviews.rating.toFixed(2)}/{reviews.best}
        </strong>{' '}
        en {reviews.platform} ({reviews.count} reseñas)
      </span>
      <NewTabNote />
    </a>
  )
}

export function Hero({ hero, reviews }: { hero: HeroData; reviews: Site['reviews'] }) {
  const titleMark = usePlaceMark(heroPlaces.title)
  const subtitleMark = usePlaceMark(heroPlaces.subtitle)
  return (
    <section id="hero" aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-ink pb-20 pt-32 text-white sm:pb-28 sm:pt-40">
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_70%_-10%,rgba(79,107,255,0.45),transparent),radial-gradient(40rem_24rem_at_0%_100%,rgba(46,230,197,0.22),transparent)]"
      />
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 sm:px-6 lg:grid-cols-[3fr_2fr] lg:px-8">
        <div>
          {hero.showRating && <RatingBadge reviews={reviews} />}
          {hero.eyebrow && <p className="mt-6 text-sm font-semibold uppercase tracking-widest text-accent-400">{hero.eyebrow}</p>}
          <h1 id="hero-title" {...titleMark} className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            <Title title={hero.title} highlight={hero.highlight} />
          </h1>
          <p {...subtitleMark} className="mt-6 max-w-2xl text-lg leading-relaxed text-pretty text-slate-300 sm:text-xl">
            {hero.subtitle}
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            {hero.buttons.map((b) => (
              <a
                key={b.label}
                href={b.href}
                className={cn(buttonVariants({ variant: b.variant, size: 'lg' }), b.variant === 'outline' && 'text-white')}
              >
                {b.label}
              </a>
            ))}
          </div>
        </div>
        {hero.highlights.length > 0 && (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-1">
            {hero.highlights.map((h) => (
              <li key={h} className="flex items-center gap-3 rounded-2xl bg-white/5 p-4 text-slate-100 ring-1 ring-white/10 backdrop-blur">
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-accent-500/15 text-accent-400">
                  <Icon name="check" className="size-5" />
                </span>
                <span className="font-medium">{h}</span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
