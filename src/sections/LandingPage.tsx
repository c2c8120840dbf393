import { landing, site } from '../content/registry'
import { Contact } from './Contact'
import { Hero } from './Hero'
import { Sections } from './Sections'

/** A home or service landing page: hero, its typed sections, then the shared contact section. */
export function LandingPage({ path }: { path: string }) {
  const { data, Body } = landing(path)
  return (
    <>
      <Hero hero={data.hero} reviews={site.reviews} />
      <Sections sections={data.sections} Body={Body} />
      <Contact site={site} />
    </>
  )
}
