import type { HeadTag } from './head'

/** Renders every head tag of buildHead(): title, description, robots, canonical, Open Graph, Twitter. */
export function HeadTags({ tags }: { tags: HeadTag[] }) {
  return tags.map((t, i) => {
    if (t.kind === 'title') return <title key={i}>{t.attrs.text}</title>
    return t.kind === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />
  })
}
