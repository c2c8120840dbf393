import { useData } from 'vike-react/useData'
import { HeadTags } from '../../src/seo/HeadTags'
import { JsonLd } from '../../src/seo/JsonLd'
import { findEntry, site } from '../../src/content/registry'
import type { PageData } from '../../src/content/page'

export default function Head() {
  const { path, kind, head } = useData<PageData>()
  const name = findEntry(path)!.data.name
  return (
    <>
      <HeadTags tags={head.tags} />
      <JsonLd site={site} page={{ path, kind, name, description: head.description, url: head.canonical }} />
    </>
  )
}
