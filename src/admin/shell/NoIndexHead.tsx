/** The staff screens must never appear in search results. */
export default function NoIndexHead() {
  return <meta name="robots" content="noindex,nofollow" />
}
