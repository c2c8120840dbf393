import { Search } from 'lucide-react'
import { HistoryButton } from '../history/HistoryDialog'
import { useState } from 'react'
import { SelectGroup, SelectItem, SelectLabel } from '../../components/ui/select'
import { SelectField } from '../shared/SelectField'
import { TabHeader } from '../shared/TabHeader'
import { useLeaveGuard } from '../shared/unsaved'
import { SeoForm } from './SeoForm'
import { seoGroups, type SeoCatalog } from './seoPages'
import { useLiveRoutes } from './useLiveRoutes'
import { useSeo } from './useSeo'

/**
 * The SEO tab: pick a page, edit its metadata. Every public route is offered: the content pages
 * and the blog index from the build; published posts, tag pages and CMS pages read live.
 */
export function SeoTab({ catalog }: { catalog: SeoCatalog }) {
  const [path, setPath] = useState<string | undefined>(undefined)
  const live = useLiveRoutes(catalog.site)
  const pages = [...catalog.pages, ...live.pages]
  const page = pages.find((p) => p.path === path)
  const seo = useSeo(page)
  const mayLeave = useLeaveGuard()

  const choose = async (next: string) => {
    if (next !== path && (await mayLeave())) setPath(next)
  }

  return (
    <section aria-labelledby="seo-title">
      <TabHeader title="SEO por página" titleId="seo-title" description="Título, descripción y etiquetas sociales de cada página del sitio.">
        <SelectField label="Página" className="sm:w-72" value={path} onChange={(v) => void choose(v)} placeholder="Elige una página">
          {seoGroups.map((group) => {
            const inGroup = pages.filter((p) => p.group === group)
            return inGroup.length === 0 ? null : (
              <SelectGroup key={group}>
                <SelectLabel>{group}</SelectLabel>
                {inGroup.map((p) => (
                  <SelectItem key={p.path} value={p.path}>
                    {p.path}
                  </SelectItem>
                ))}
              </SelectGroup>
            )
          })}
        </SelectField>
      </TabHeader>
      {!page ? (
        <div className="grid place-items-center gap-2 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
          <Search className="size-8 text-slate-400" aria-hidden="true" />
          <p className="font-semibold text-slate-900">Elige una página</p>
          <p className="max-w-sm text-sm text-slate-600">Selecciona arriba la página cuyos metadatos quieres revisar o editar.</p>
        </div>
      ) : seo.loading || !seo.record ? (
        <p role="status" className="text-slate-700">
          {seo.loading ? 'Cargando...' : 'No se pudieron cargar los metadatos de esta página.'}
        </p>
      ) : (
        <>
          {seo.rowId !== null && (
            <div className="mb-3 flex justify-end">
              <HistoryButton table="seo_metadata" id={seo.rowId} title={`SEO de ${page.path}`} subject="ficha SEO" onRestored={seo.reload} />
            </div>
          )}
          <SeoForm key={page.path} page={page} site={catalog.site} initial={seo.record} onSave={seo.save} onShowTheirs={seo.reload} />
        </>
      )}
    </section>
  )
}
