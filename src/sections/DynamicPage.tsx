import type { DynamicPage as DynamicPageData } from '../cms/site.server'
import { site } from '../siteContent/registry.server'
import { Contact } from './Contact'
import { PageBlocks } from './blocks/PageBlocks'
import { pagePlaces } from '../siteContent/recordPlaces'
import { usePlaceMark } from './PlaceMarks'

/** A page staff publish from the CMS: its title as the only h1, its blocks, then the contact section. */
export function DynamicPage({ page }: { page: DynamicPageData }) {
  const titleMark = usePlaceMark(pagePlaces.title)
  return (
    <>
      <article className="mx-auto max-w-3xl px-4 pb-16 pt-32 sm:px-6 sm:pt-36">
        <h1 {...titleMark} className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">
          {page.title}
        </h1>
        <div className="prose prose-slate mt-8 max-w-none prose-a:text-brand-700">
          <PageBlocks blocks={page.blocks} />
        </div>
      </article>
      <Contact site={site} />
    </>
  )
}
