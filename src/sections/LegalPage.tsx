import { findEntry, site } from '../siteContent/registry.server'
import { ScrollTable } from './ScrollTable'

const dateFormat = new Intl.DateTimeFormat('es-ES', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })

/** A legal text: its MDX body receives the business facts as `props.site`. */
export function LegalPage({ path }: { path: string }) {
  const entry = findEntry(path)
  if (!entry || entry.kind !== 'legal') throw new Error(`No hay texto legal en ${path}`)
  const { data, Body } = entry
  return (
    <article className="mx-auto max-w-3xl px-4 pb-20 pt-32 sm:px-6 sm:pt-36">
      <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{data.title}</h1>
      <p className="mt-3 text-sm text-slate-500">
        Última actualización: <time dateTime={data.updated}>{dateFormat.format(new Date(data.updated))}</time>
      </p>
      <div className="prose prose-slate mt-10 max-w-none prose-headings:scroll-mt-24 prose-a:text-brand-700 prose-table:text-sm">
        <Body site={site} components={{ table: ScrollTable }} />
      </div>
    </article>
  )
}
