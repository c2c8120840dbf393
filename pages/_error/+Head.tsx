// An error page must never be indexed.
export default function Head() {
  return <meta name="robots" content="noindex,nofollow" />
}
