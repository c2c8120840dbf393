import type { HeadTag } from './head'

/** Renders the tags of buildHead() (title, description and image are rendered by vike-react). */
export function HeadTags({ tags }: { tags: HeadTag[] }) {
  return tags.map((t, i) => (t.kind === 'meta' ? <meta key={i} {...t.attrs} /> : <link key={i} {...t.attrs} />))
}
