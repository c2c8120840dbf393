import { landing as landingEntry, site } from '../siteContent/registry.server'
import type { Landing } from '../siteContent/schema'
import { Contact } from './Contact'
import { Hero } from './Hero'
import { Sections } from './Sections'

/**
 * A home or service landing page: hero, its typed sections, then the shared contact section. `landing`
 * is the content file's data with the CMS's text blocks in their places; the MDX body comes from the file.
 */
export function LandingPage({ path, landing }: { path: string; landing: Landing }) {
  const { Body } = landingEntry(path)
  return (
    <>
      <Hero hero={landing.hero} reviews={site.reviews} />
      <Sections sections={landing.sections} Body={Body} />
      <Contact site={site} />
    </>
  )
}
